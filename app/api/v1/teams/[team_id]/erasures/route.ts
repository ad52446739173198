import { onTeam } from "@/lib/actor";
import { readJsonObject } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { erasureDocument } from "@/lib/api/serializers/privacy";
import { afterResponse } from "@/lib/http/after-response";
import { finishErasure, requestErasure } from "@/lib/privacy";

type Params = { team_id?: string };

/**
 * An owner erases one person's data from every gift of the team (docs/privacy.md): 200 once
 * completed, or 202 while it goes on after the answer (poll `GET /erasures/:id`).
 */
export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const erasure = await requestErasure(db, actor, await readJsonObject(request));
  if (erasure.status === "completed") return jsonApi(erasureDocument(erasure));
  await afterResponse(() => finishErasure(db, erasure.id));
  return jsonApi(erasureDocument(erasure), {
    status: 202,
    headers: { Location: `/api/v1/teams/${actor.team.id}/erasures/${erasure.id}` },
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
