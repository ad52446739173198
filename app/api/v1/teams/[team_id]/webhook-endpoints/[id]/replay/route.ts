import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { parseReplayInput, replayEvents } from "@/lib/webhooks";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const now = new Date();
  const since = parseReplayInput(await readJsonObject(request), now);
  const { replayId, deliveries } = await replayEvents(db, caller, team, params.id, since, now);
  return jsonApi({ meta: { "replay-id": replayId, deliveries, since: since.toISOString() } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
