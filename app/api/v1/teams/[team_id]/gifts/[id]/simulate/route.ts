import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { clockDocument, giftDocument } from "@/lib/api/serializers/gift";
import { parseSimulation } from "@/lib/simulation/parse-simulation";
import { simulateEmailEvent, simulateGift } from "@/lib/simulation/simulate-gift";
import { advanceSandboxClock } from "@/lib/simulation/test-clock";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  const { team } = actor;
  const simulation = parseSimulation(await readJsonObject(request));
  if ("emailEvent" in simulation)
    return jsonApi(giftDocument(await simulateEmailEvent(db, caller, team, params.id, simulation), actor));
  if ("stage" in simulation)
    return jsonApi(giftDocument(await simulateGift(db, caller, team, params.id, simulation), actor));
  const ms = simulation.advanceMs;
  return jsonApi(
    clockDocument(await advanceSandboxClock(db, caller, team, params.id, { ms, batch: simulation.batch }), actor),
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
