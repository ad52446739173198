import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { paginate, readPage } from "@/lib/api/pagination";
import { serializeAttempt } from "@/lib/api/serializers/webhooks";
import { listAttempts } from "@/lib/webhooks";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const GET = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const url = new URL(request.url);
  const page = readPage(url, /^\d{1,15}$/);
  const { items, links } = paginate(await listAttempts(db, caller, team, params.id, page), page, url);
  return jsonApi({ data: items.map(serializeAttempt), links });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
