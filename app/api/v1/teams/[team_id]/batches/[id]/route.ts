import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { batchDocument } from "@/lib/api/serializers/batch";
import { getBatch } from "@/lib/gifts";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi(batchDocument(await getBatch(db, caller, team, params.id)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
