import { corsPreflight, crossOrigin } from "@/lib/http/cors";
import { publicContext } from "@/lib/site/context";
import { limitRegistrations, readRegistrationRequest, refuseRegistration, registrationResponse } from "@/lib/api/oauth";
import { registerDynamicClient } from "@/lib/oauth";

/** POST /oauth2/register: Dynamic Client Registration (RFC 7591) of a public client, for MCP hosts that register only this way. */
export const POST = crossOrigin(async (request: Request): Promise<Response> => {
  try {
    await limitRegistrations(request);
    const { db } = await publicContext();
    return registrationResponse(await registerDynamicClient(db, await readRegistrationRequest(request)));
  } catch (error) {
    return refuseRegistration(error);
  }
});

export const OPTIONS = corsPreflight("POST");
