import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { serializeEndpoint } from "@/lib/api/serializers/webhooks";
import { allowPrivateAddresses, deleteEndpoint, getEndpoint, parseEndpointInput, updateEndpoint } from "@/lib/webhooks";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string; id: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: serializeEndpoint(await getEndpoint(db, caller, team, params.id)) });
});

export const PATCH = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const input = parseEndpointInput(await readJsonObject(request), {
    create: false,
    allowPrivate: allowPrivateAddresses(),
  });
  return jsonApi({ data: serializeEndpoint(await updateEndpoint(db, caller, team, params.id, input)) });
});

export const DELETE = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: serializeEndpoint(await deleteEndpoint(db, caller, team, params.id)) });
});

export const { POST, PUT, OPTIONS } = methodsNotAllowed("GET", "PATCH", "DELETE");
