import type { PrismaClient, Tx } from "@/lib/db";
import { randomSecret, sha256 } from "@/lib/crypto";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { OAuthError } from "./errors";
import { redirectUriProblem } from "./redirect-uri";

/**
 * OAuth 2.0 Dynamic Client Registration (RFC 7591), POST /oauth2/register: the second way an
 * MCP host gets a client_id (the first is a Client ID Metadata Document, client-metadata.ts),
 * for hosts that only register dynamically. The same rules as a metadata document: a public
 * client (token_endpoint_auth_method "none", PKCE instead of a secret), the same redirect-URI
 * policy (redirect-uri.ts), shown as unverified on the consent screen ("registered
 * dynamically"), caps required for an agent's grant. No secret is issued, so none is stored.
 * Anyone can register, so registrations are limited per address (lib/api/oauth.ts) and a client
 * neither approved nor used for DYNAMIC_CLIENT_IDLE_DAYS is deleted (`deleteUnusedDynamicClients`).
 */

export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_LENGTH = 2048;
export const MAX_CLIENT_NAME = 100;
/** A dynamic client no one approved, and whose tokens no one used, for this long is deleted. */
export const DYNAMIC_CLIENT_IDLE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Dynamic client ids say what they are: `dcr_` and 128 random bits. */
export const DYNAMIC_CLIENT_PREFIX = "dcr_";

/** What the registration response echoes (RFC 7591 §3.2.1): the metadata as registered, perhaps changed. */
export type RegisteredClient = {
  clientId: string;
  issuedAt: Date;
  name: string;
  redirectUris: string[];
};

const badMetadata = (description: string) => new OAuthError("invalid_client_metadata", description);
const badRedirect = (description: string) => new OAuthError("invalid_redirect_uri", description);

/** An optional array of strings (grant_types, response_types), or why not. */
function stringList(body: Record<string, unknown>, name: string): string[] | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length > 10 || !value.every((v) => typeof v === "string" && v.length <= 100))
    throw badMetadata(`${name} must be a short array of strings.`);
  return value as string[];
}

/**
 * The registration request's metadata Ribbon uses, checked; every other field is ignored, as
 * RFC 7591 §2 requires of metadata a server does not understand (logo_uri, scope, contacts…).
 */
export function readRegistration(body: unknown): { name: string; redirectUris: string[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badMetadata("The registration request must be a JSON object of client metadata.");
  const b = body as Record<string, unknown>;

  const uris = b.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0)
    throw badRedirect("redirect_uris is required: an array of 1 to 10 redirect URIs.");
  if (uris.length > MAX_REDIRECT_URIS)
    throw badRedirect(`redirect_uris lists ${uris.length} URIs; at most ${MAX_REDIRECT_URIS} are registered.`);
  for (const [i, uri] of uris.entries()) {
    if (typeof uri !== "string") throw badRedirect(`redirect_uris[${i}] must be a string.`);
    if (uri.length > MAX_REDIRECT_URI_LENGTH)
      throw badRedirect(`redirect_uris[${i}] is longer than ${MAX_REDIRECT_URI_LENGTH} characters.`);
    // No spaces, controls or lone surrogates (PostgreSQL text can't hold NUL; a URL parser drops tabs silently).
    if (/\s/.test(uri) || hasForbiddenCharacters(uri))
      throw badRedirect(`redirect_uris[${i}] contains spaces or characters that are not allowed.`);
    const problem = redirectUriProblem(uri);
    if (problem) throw badRedirect(`redirect_uris[${i}] ${problem}.`);
  }

  // No shared secret: Ribbon registers public clients only (PKCE proves the code's holder).
  const method = b.token_endpoint_auth_method;
  if (method !== undefined && method !== null && method !== "none")
    throw badMetadata(
      'Ribbon registers public clients only: token_endpoint_auth_method must be "none" (PKCE instead of a client secret).',
    );
  // Refresh tokens aren't issued: a request for them too is registered for the code alone (and says so).
  const grants = stringList(b, "grant_types");
  if (grants && !grants.includes("authorization_code"))
    throw badMetadata('grant_types must include "authorization_code", the one grant Ribbon issues.');
  const responses = stringList(b, "response_types");
  if (responses && !responses.includes("code"))
    throw badMetadata('response_types must include "code", the one response type Ribbon supports.');

  let name: string;
  if (b.client_name === undefined || b.client_name === null) name = new URL(uris[0] as string).host;
  else {
    if (typeof b.client_name !== "string" || !b.client_name.trim())
      throw badMetadata("client_name must be a non-empty string.");
    name = b.client_name.trim();
    if (name.length > MAX_CLIENT_NAME) throw badMetadata(`client_name is longer than ${MAX_CLIENT_NAME} characters.`);
    // The consent screen shows it to every person asked: free text's one rule (lib/format/text.ts).
    if (hasForbiddenCharacters(name)) throw badMetadata("client_name contains characters that are not allowed.");
  }
  return { name, redirectUris: [...new Set(uris as string[])] };
}

/**
 * Registers a public client from an RFC 7591 request body (already parsed JSON). Each request
 * registers a new client: a replayed registration gets a client_id of its own, never another's.
 */
export async function registerDynamicClient(
  db: Tx,
  body: unknown,
  { now = new Date() }: { now?: Date } = {},
): Promise<RegisteredClient> {
  const { name, redirectUris } = readRegistration(body);
  const clientId = DYNAMIC_CLIENT_PREFIX + randomSecret(16);
  await db.oAuthClient.create({
    data: {
      clientId,
      kind: "dynamic",
      name,
      redirectUris,
      createdAt: now,
      // No secret: a random hash no one holds, so client_secret authentication can never match.
      clientSecretHash: sha256(randomSecret(24)),
    },
  });
  return { clientId, issuedAt: now, name, redirectUris };
}

/**
 * Deletes the dynamic clients registered over DYNAMIC_CLIENT_IDLE_DAYS ago that no one approved
 * since, and none of whose live tokens was used since (their codes and tokens go with them: an
 * unused host registers again). At most `limit` a run, oldest first. Returns how many.
 */
export async function deleteUnusedDynamicClients(
  db: PrismaClient,
  { now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - DYNAMIC_CLIENT_IDLE_DAYS * DAY_MS);
  const idle = await db.oAuthClient.findMany({
    where: {
      kind: "dynamic",
      createdAt: { lt: cutoff },
      OR: [{ lastGrantAt: null }, { lastGrantAt: { lt: cutoff } }],
      tokens: {
        none: { revokedAt: null, OR: [{ lastUsedAt: { gte: cutoff } }, { createdAt: { gte: cutoff } }] },
      },
    },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  if (idle.length === 0) return 0;
  // Checked again as it is deleted: an approval between the read and the delete keeps its client.
  const deleted = await db.oAuthClient.deleteMany({
    where: {
      id: { in: idle.map((c) => c.id) },
      OR: [{ lastGrantAt: null }, { lastGrantAt: { lt: cutoff } }],
    },
  });
  return deleted.count;
}
