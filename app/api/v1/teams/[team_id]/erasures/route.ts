import { onTeam } from "@/lib/actor";
import { readJsonObject } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { erasureDocument } from "@/lib/api/serializers/privacy";
import { requestErasure } from "@/lib/privacy";

type Params = { team_id?: string };

/** An owner erases one person's data from every gift of the team (docs/privacy.md). */
export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const at = new Date();
  return jsonApi(erasureDocument(await requestErasure(db, actor, await readJsonObject(request)), at));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
