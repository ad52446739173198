import { isDatabaseUnavailable, logUnavailable, RETRY_AFTER_S } from "@/lib/database/unavailable";
import { OAUTH_REGISTER_BODY_LIMIT, OAUTH_TOKEN_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes, utf8 } from "@/lib/http/read-body";
import { OAuthError, type IssuedToken, type RegisteredClient, type TokenRequest } from "@/lib/oauth";
import { clientIp, consume, countFailedGuess } from "@/lib/ratelimit";

/** Too many failed guesses (or registrations) from this address: a 429 carrying its Retry-After. */
class TooManyTokenRequests extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    what = "failed token requests",
  ) {
    super(`Too many ${what} from your address. Try again in ${retryAfterSeconds} s.`);
  }
}

/**
 * A refused token request: a wrong client secret, code or verifier counts as a failed guess
 * against the address, and once the address is over its limit the answer is a 429 instead.
 */
export async function refuseTokenRequest(request: Request, error: unknown): Promise<Response> {
  if (error instanceof OAuthError && (error.code === "invalid_client" || error.code === "invalid_grant")) {
    const over = await countFailedGuess(request);
    if (over) return oauthErrorResponse(new TooManyTokenRequests(over.resetSeconds));
  }
  return oauthErrorResponse(error);
}

/** A token request over its limit: 413 with the RFC 6749 error JSON (the RFC has no code of its own for it). */
class TokenRequestTooLarge extends Error {}

const FIELDS = {
  grant_type: "grantType",
  client_id: "clientId",
  client_secret: "clientSecret",
  code: "code",
  redirect_uri: "redirectUri",
  code_verifier: "codeVerifier",
  resource: "resource",
} as const satisfies Record<string, keyof TokenRequest>;

const invalidRequest = (description: string) => new OAuthError("invalid_request", description);

/** The body's fields as name → values, whatever the accepted Content-Type. */
async function readFields(request: Request): Promise<Map<string, unknown[]>> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = (await readBodyBytes(request, OAUTH_TOKEN_BODY_LIMIT)) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new TokenRequestTooLarge(error.message);
    if (error instanceof BodyIncompleteError) throw invalidRequest(error.message);
    throw error;
  }
  const text = () => {
    const decoded = utf8(bytes);
    if (decoded === null) throw invalidRequest("The request body is not valid UTF-8.");
    return decoded;
  };

  const fields = new Map<string, unknown[]>();
  const add = (name: string, value: unknown) => fields.set(name, [...(fields.get(name) ?? []), value]);

  if (mediaType === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(bytes, {
        headers: { "content-type": request.headers.get("content-type")! },
      }).formData();
    } catch {
      throw invalidRequest("The multipart/form-data body could not be read.");
    }
    form.forEach((value, name) => add(name, value));
  } else if (mediaType === "application/x-www-form-urlencoded") {
    new URLSearchParams(text()).forEach((value, name) => add(name, value));
  } else if (mediaType === "application/json" || mediaType.endsWith("+json")) {
    let body: unknown;
    try {
      body = JSON.parse(text());
    } catch {
      throw invalidRequest("The JSON body could not be parsed.");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw invalidRequest("The JSON body must be an object.");
    for (const [name, value] of Object.entries(body)) if (value !== null && value !== undefined) add(name, value);
  } else {
    throw invalidRequest(
      "Send the fields as multipart/form-data, application/x-www-form-urlencoded or application/json.",
    );
  }
  return fields;
}

/** `client_id:client_secret` from `Authorization: Basic …` (RFC 6749 §2.3.1), or null without the header. */
function basicCredentials(request: Request): { clientId: string; clientSecret: string } | null {
  const header = request.headers.get("authorization");
  if (header === null) return null;
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header);
  const decoded = match ? Buffer.from(match[1], "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  if (colon < 0)
    throw new OAuthError("invalid_client", "The Authorization header must be HTTP Basic with client_id:client_secret.");
  // Both parts are form-urlencoded before base64 (RFC 6749 §2.3.1).
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      throw new OAuthError("invalid_client", "The HTTP Basic credentials are not correctly encoded.");
    }
  };
  return { clientId: unescape(decoded.slice(0, colon)), clientSecret: unescape(decoded.slice(colon + 1)) };
}

/**
 * No real parameter carries control characters or runs past 2 KB, and PostgreSQL text can't hold
 * NUL or half a UTF-16 surrogate pair (JSON's "\ud800" makes one; the database refuses it with a 500).
 */
function assertPlain(name: string, value: string): void {
  if (
    /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value) ||
    value.length > 2048
  ) {
    throw invalidRequest(`${name} has invalid characters or is too long.`);
  }
}

/**
 * Reads a token request: a multipart form (as the spec says), a urlencoded form (RFC 6749) or
 * JSON, with the client's credentials in the body or in HTTP Basic, not both. A parameter sent
 * twice, or that isn't text, is an `invalid_request`.
 */
export async function readTokenRequest(request: Request): Promise<TokenRequest> {
  const fields = await readFields(request);
  const result: TokenRequest = {};
  for (const [name, key] of Object.entries(FIELDS)) {
    const values = fields.get(name) ?? [];
    if (values.length > 1) throw invalidRequest(`${name} was sent more than once.`);
    if (values.length === 0) continue;
    if (typeof values[0] !== "string") throw invalidRequest(`${name} must be a string.`);
    assertPlain(name, values[0]);
    if (values[0] !== "") result[key] = values[0];
  }
  const basic = basicCredentials(request);
  if (basic) {
    if (result.clientSecret !== undefined)
      throw invalidRequest("Authenticate the client one way: HTTP Basic or client_secret in the body, not both.");
    if (result.clientId !== undefined && result.clientId !== basic.clientId)
      throw invalidRequest("client_id in the body differs from the one in HTTP Basic.");
    assertPlain("client_id", basic.clientId);
    assertPlain("client_secret", basic.clientSecret);
    Object.assign(result, basic);
  }
  return result;
}

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

/** The successful token response (RFC 6749 §5.1, fields as the spec shows; created_at in Unix seconds). */
export function tokenResponse(token: IssuedToken): Response {
  return Response.json(
    { access_token: token.accessToken, token_type: "bearer", created_at: Math.floor(token.createdAt.getTime() / 1000) },
    { headers: NO_STORE },
  );
}

/** A refused token request as RFC 6749 §5.2 JSON; anything unexpected is a logged 500 `server_error`. */
function oauthErrorResponse(error: unknown): Response {
  if (error instanceof TooManyTokenRequests) {
    return Response.json(
      { error: "invalid_request", error_description: error.message },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (error instanceof TokenRequestTooLarge)
    return Response.json(
      { error: "invalid_request", error_description: error.message },
      { status: 413, headers: NO_STORE },
    );
  if (error instanceof OAuthError) {
    const headers: Record<string, string> = { ...NO_STORE };
    if (error.status === 401) headers["WWW-Authenticate"] = 'Basic realm="ribbon"';
    return Response.json({ error: error.code, error_description: error.message }, { status: error.status, headers });
  }
  if (isDatabaseUnavailable(error)) {
    logUnavailable(error);
    return Response.json(
      {
        error: "temporarily_unavailable",
        error_description:
          "The service is briefly unavailable. Please retry after the number of seconds in Retry-After.",
      },
      { status: 503, headers: { ...NO_STORE, "Retry-After": String(RETRY_AFTER_S) } },
    );
  }
  console.error("Unexpected error while handling a token request:", error);
  return Response.json(
    { error: "server_error", error_description: "Something went wrong on our side. Please try again." },
    { status: 500, headers: NO_STORE },
  );
}

// ---------- Dynamic Client Registration (RFC 7591), POST /oauth2/register ----------

/**
 * Counts a registration against the address it came from (`clientRegistration`, lib/ratelimit):
 * anyone may register without signing in, so a flood of clients from one address is refused with a 429.
 */
export async function limitRegistrations(request: Request): Promise<void> {
  const state = await consume("clientRegistration", clientIp(request));
  if (!state.allowed) throw new TooManyTokenRequests(state.resetSeconds, "client registrations");
}

/** The registration request's JSON (RFC 7591 §3.1: application/json), bounded by OAUTH_REGISTER_BODY_LIMIT. */
export async function readRegistrationRequest(request: Request): Promise<unknown> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/json" && !mediaType.endsWith("+json"))
    throw new OAuthError("invalid_client_metadata", "Send the client metadata as application/json (RFC 7591 §3.1).");
  let bytes: Uint8Array;
  try {
    bytes = await readBodyBytes(request, OAUTH_REGISTER_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new TokenRequestTooLarge(error.message);
    if (error instanceof BodyIncompleteError) throw invalidRequest(error.message);
    throw error;
  }
  const text = utf8(bytes);
  if (text === null) throw new OAuthError("invalid_client_metadata", "The request body is not valid UTF-8.");
  try {
    return JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_client_metadata", "The request body is not JSON.");
  }
}

/** RFC 7591 §3.2.1: 201, the client_id, when it was issued, and the metadata as registered. No secret: a public client. */
export function registrationResponse(client: RegisteredClient): Response {
  return Response.json(
    {
      client_id: client.clientId,
      client_id_issued_at: Math.floor(client.issuedAt.getTime() / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    { status: 201, headers: NO_STORE },
  );
}

/** A refused registration as RFC 7591 §3.2.2 JSON (400), 413 over the size limit, 429 over the rate limit. */
export function refuseRegistration(error: unknown): Response {
  return oauthErrorResponse(error);
}
