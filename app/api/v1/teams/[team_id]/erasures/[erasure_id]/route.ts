import { onTeam } from "@/lib/actor";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { erasureDocument } from "@/lib/api/serializers/privacy";
import { erasureOf } from "@/lib/privacy";

type Params = { team_id?: string; erasure_id: string };

/** How an erasure request stands (docs/privacy.md). */
export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi(erasureDocument(await erasureOf(db, actor, params.erasure_id)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
