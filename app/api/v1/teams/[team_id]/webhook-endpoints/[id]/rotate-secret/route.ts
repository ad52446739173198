import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { serializeEndpoint } from "@/lib/api/serializers/webhooks";
import { rotateSecret } from "@/lib/webhooks";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const POST = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const { endpoint, secret } = await rotateSecret(db, caller, team, params.id);
  return jsonApi({ data: serializeEndpoint(endpoint, secret) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("POST");
