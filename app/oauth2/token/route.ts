import { corsPreflight, crossOrigin } from "@/lib/http/cors";
import { publicContext } from "@/lib/site/context";
import { readTokenRequest, refuseTokenRequest, tokenResponse } from "@/lib/api/oauth";
import { exchangeAuthorizationCode } from "@/lib/oauth";

/** POST /oauth2/token: an authorization code for an access token (spec §5.2, RFC 6749 §4.1.3). */
export const POST = crossOrigin(async (request: Request): Promise<Response> => {
  try {
    const { db } = await publicContext();
    return tokenResponse(await exchangeAuthorizationCode(db, await readTokenRequest(request)));
  } catch (error) {
    return refuseTokenRequest(request, error);
  }
});

export const OPTIONS = corsPreflight("POST");
