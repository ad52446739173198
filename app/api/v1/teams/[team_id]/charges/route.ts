import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { CHARGE_FILTERS, readChargeFilter } from "@/lib/api/filters";
import { paginate, readPage } from "@/lib/api/pagination";
import { chargeListDocument } from "@/lib/api/serializers/charge";
import { LEDGER_ITEM_ID, listCharges } from "@/lib/billing";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string };

/** The team's charges and refunds, itemised per gift, newest first (owners only; docs/api.md "Charges"). */
export const GET = apiRoute<Params>(
  async ({ request, db, caller, params }) => {
    const reader = await onTeam(db, caller, params.team_id);
    const url = new URL(request.url);
    const page = readPage(url, LEDGER_ITEM_ID);
    const filter = readChargeFilter(url);
    const rows = await listCharges(db, { reader, filter, size: page.size, after: page.after });
    const { items, links } = paginate(rows, page, url);
    return jsonApi(chargeListDocument(items, links));
  },
  { filters: CHARGE_FILTERS },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
