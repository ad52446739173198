import { onTeam } from "@/lib/actor";
import { readJsonObject } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { swapCollectionsDocument } from "@/lib/api/serializers/swap-collections";
import { readSwapCollections, updateSwapCollections } from "@/lib/catalogue/swap";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi(swapCollectionsDocument(await readSwapCollections(db, team.id)));
});

export const PATCH = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi(swapCollectionsDocument(await updateSwapCollections(db, actor, await readJsonObject(request))));
});

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed("GET", "PATCH");
