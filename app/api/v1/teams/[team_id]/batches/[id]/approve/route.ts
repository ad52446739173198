import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { batchDecisionDocument } from "@/lib/api/serializers/batch";
import { approveBatch } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ db, caller, params }) =>
  jsonApi(
    batchDecisionDocument(await approveBatch(db, await onTeam(db, caller, params.team_id), params.id), "approved"),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
