import { onTeam } from "@/lib/actor";
import { readJsonObject } from "@/lib/api/body";
import { jsonApi } from "@/lib/api/document";
import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { budgetDocument } from "@/lib/api/serializers/budget";
import { readBudget, updateBudget } from "@/lib/billing";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi(budgetDocument(await readBudget(db, team.id)));
});

export const PATCH = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const actor = await onTeam(db, caller, params.team_id);
  return jsonApi(budgetDocument(await updateBudget(db, actor, await readJsonObject(request))));
});

export const { POST, PUT, DELETE, OPTIONS } = methodsNotAllowed("GET", "PATCH");
