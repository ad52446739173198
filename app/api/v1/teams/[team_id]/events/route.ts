import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { paginate, readPage } from "@/lib/api/pagination";
import { serializeEvent } from "@/lib/api/serializers/webhooks";
import { listEvents, readEventFilter } from "@/lib/webhooks";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(
  async ({ request, db, caller, params }) => {
    const { team } = await onTeam(db, caller, params.team_id);
    const url = new URL(request.url);
    const page = readPage(url, /^\d{1,15}$/);
    const rows = await listEvents(db, {
      caller,
      team,
      filter: readEventFilter(url),
      size: page.size,
      after: page.after,
    });
    const { items, links } = paginate(rows, page, url);
    return jsonApi({ data: items.map(serializeEvent), links });
  },
  { filters: ["type", "gift"] },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
