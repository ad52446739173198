import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { CHARGE_FILTERS, readChargeFilter } from "@/lib/api/filters";
import { refusePaging } from "@/lib/api/pagination";
import { chargeCsvResponse } from "@/lib/api/serializers/charge";
import { chargePages } from "@/lib/billing";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string };

/** The charges list as one CSV download, with the same filters; streamed (docs/api.md "Charges"). */
export const GET = apiRoute<Params>(
  async ({ request, db, caller, params }) => {
    const reader = await onTeam(db, caller, params.team_id);
    const url = new URL(request.url);
    refusePaging(url, "the CSV export holds every item the filters select.");
    const pages = await chargePages(db, { reader, filter: readChargeFilter(url) });
    return chargeCsvResponse(pages, reader.team.id);
  },
  { filters: CHARGE_FILTERS },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
