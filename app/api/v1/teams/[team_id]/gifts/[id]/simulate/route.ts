import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { giftDocument } from "@/lib/api/serializers/gift";
import { parseSimulation, simulateGift } from "@/lib/simulation/simulate-gift";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const stage = parseSimulation(await readJsonObject(request));
  return jsonApi(giftDocument(await simulateGift(db, caller, team, params.id, stage)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
