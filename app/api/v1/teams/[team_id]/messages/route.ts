import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { paginate, readPage } from "@/lib/api/pagination";
import { serializeMessage } from "@/lib/api/serializers/message";
import { listMessages } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";

export const GET = apiRoute<{ team_id?: string }>(async ({ request, db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const url = new URL(request.url);
  const page = readPage(url, /^\d{1,9}$/); // message ids are integers
  const rows = await listMessages(db, { teamId: team.id, userId: caller.user.id, size: page.size, after: page.after });
  const { items, links } = paginate(rows, page, url);
  return jsonApi({ data: items.map(serializeMessage), links });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
