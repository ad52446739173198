import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { readJsonObject } from "@/lib/api/body";
import { serializeEndpoint } from "@/lib/api/serializers/webhooks";
import { allowPrivateAddresses, createEndpoint, listEndpoints, parseEndpointInput } from "@/lib/webhooks";
import { onTeam } from "@/lib/actor";

type Params = { team_id?: string };

export const GET = apiRoute<Params>(async ({ db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  return jsonApi({ data: (await listEndpoints(db, caller, team)).map((e) => serializeEndpoint(e)) });
});

export const POST = apiRoute<Params>(async ({ request, db, caller, params }) => {
  const { team } = await onTeam(db, caller, params.team_id);
  const input = parseEndpointInput(await readJsonObject(request), {
    create: true,
    allowPrivate: allowPrivateAddresses(),
  });
  const { endpoint, secret } = await createEndpoint(db, caller, team, input);
  return jsonApi({ data: serializeEndpoint(endpoint, secret) });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET", "POST");
