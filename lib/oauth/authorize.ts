import type { Tx } from "@/lib/db";
import { capsToJson, parseCaps, type SpendCaps } from "@/lib/billing";
import { collectionsForPerson } from "@/lib/catalogue";
import { randomSecret, sha256 } from "@/lib/crypto";
import type { FieldProblem } from "@/lib/errors";
import { checkCodeChallenge } from "./pkce";
import { redirectUriProblem, redirectUriRegistered } from "./redirect-uri";
import { issuer, readResource, type Resource } from "./resources";
import {
  clientFromMetadataDocument,
  isMetadataClientId,
  METADATA_TIMEOUT_MS,
  METADATA_FAILURE_TTL_MS,
  type MetadataAsker,
} from "./client-metadata";

/** An authorization code can be exchanged once, within ten minutes. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** The query of GET /oauth2/authorize as the browser sent it (a repeated parameter is an array). */
export type AuthorizationQuery = Partial<Record<string, string | string[]>>;

type Client = { id: number; clientId: string; name: string; kind: string };

/**
 * How the consent screen names the application: a metadata-document client is unverified, known
 * by its URL's host; a dynamically registered one is unverified and says so (it has no host of its own).
 */
export type ConsentClient = {
  clientId: string;
  name: string;
  verified: boolean;
  host: string | null;
  registration: ClientRegistration;
};

/** How a client came to Ribbon: `oauth-client:create` (with a secret), a metadata document, or RFC 7591. */
export type ClientRegistration = "registered" | "metadata" | "dynamic";

/** Public clients (no secret: metadata documents and dynamic registrations) prove the code's holder with PKCE. */
export const isPublicClient = (kind: string) => kind === "metadata" || kind === "dynamic";

/** An agent never holds an uncapped MCP grant: the screen offers these when the application asks for less. */
export const DEFAULT_MCP_CAPS = { perGiftCents: 10_000, dailyCents: 25_000 } as const;

/** Why an authorization link can't be trusted: each has one fixed explanation (INVALID_AUTHORIZATION). */
export type InvalidAuthorization =
  | "missing-client"
  | "missing-redirect"
  | "unknown-client"
  | "unknown-redirect"
  | "unreadable-metadata"
  | "metadata-rate-limited";

export type AuthorizationCheck =
  /** The client or its redirect URI can't be trusted: show an error, never redirect (RFC 6749 §4.1.2.1). */
  | { status: "invalid"; reason: string; code: InvalidAuthorization }
  /** A well-identified client sent a bad request: the error goes back to its redirect URI. */
  | { status: "redirect"; to: string }
  /** Ask the user. */
  | {
      status: "consent";
      client: ConsentClient;
      redirectUri: string;
      /** RFC 8707: the resource the token will be for. An "mcp" grant needs caps per gift and per day. */
      resource: Resource;
      state?: string;
      codeChallenge?: string;
      /** The spending caps the application asks for (null: none); the consent screen shows them. */
      caps: SpendCaps | null;
      /** The caps' collections, by name, when the check was for a person (each one they may use). */
      collections: { id: number; name: string }[];
    };

/** The authorization request's spending caps (docs/oauth.md): each parameter at most once. */
export const CAP_PARAMETERS = {
  perGift: "max_per_gift",
  daily: "max_per_day",
  monthly: "max_per_month",
  collections: "collections",
} as const;

function requestedCaps(query: AuthorizationQuery): { caps: SpendCaps | null } | { error: string } {
  const values: Record<string, unknown> = {};
  for (const [field, name] of Object.entries(CAP_PARAMETERS)) {
    const value = query[name];
    if (Array.isArray(value)) return { error: `${name} was sent more than once.` };
    values[field] = value;
  }
  const problems: FieldProblem[] = [];
  const caps = parseCaps(values, (field) => CAP_PARAMETERS[field], problems);
  if (problems.length > 0) return { error: `${problems[0].pointer} ${problems[0].detail}.` };
  return { caps };
}

/** `uri` with the parameters added to its query (a registered URI may already have one). */
export function redirectUriWith(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(key, value);
  return url.toString();
}

/** An authorization response (code or error): always names the issuer (RFC 9207), against mix-up attacks. */
const authorizationResponse = (uri: string, params: Record<string, string | undefined>) =>
  redirectUriWith(uri, { ...params, iss: issuer() });

/**
 * The client with this client_id, if `redirectUri` is one of its registered URIs exactly. What
 * can be judged without the client is judged first, so a link that can't work never makes
 * Ribbon fetch a metadata document.
 */
async function findClientFor(
  db: Tx,
  clientId: string,
  redirectUri: string,
  asker?: MetadataAsker,
): Promise<Client | Exclude<InvalidAuthorization, "missing-client" | "missing-redirect">> {
  // PostgreSQL text can't hold NUL; no client id carries control characters or runs this long.
  if (/[\u0000-\u001f\u007f]/.test(clientId) || clientId.length > 255) return "unknown-client";
  // A URI no client may register (never javascript:, data:, …) is no client's.
  if (redirectUriProblem(redirectUri)) return "unknown-redirect";
  let client: { id: number; clientId: string; name: string; redirectUris: string[]; kind: string } | null;
  if (isMetadataClientId(clientId)) {
    const found = await clientFromMetadataDocument(db, clientId, { asker });
    if ("refused" in found) return found.refused === "unreadable" ? "unreadable-metadata" : "metadata-rate-limited";
    client = found;
  } else
    client = await db.oAuthClient.findUnique({
      where: { clientId },
      select: { id: true, clientId: true, name: true, redirectUris: true, kind: true },
    });
  if (!client) return "unknown-client";
  // Registered exactly (an http loopback URI on any port, RFC 8252 §7.3).
  if (!redirectUriRegistered(client.redirectUris, redirectUri)) return "unknown-redirect";
  return { id: client.id, clientId: client.clientId, name: client.name, kind: client.kind };
}

function consentClient(client: Client): ConsentClient {
  const registration: ClientRegistration =
    client.kind === "metadata" || client.kind === "dynamic" ? client.kind : "registered";
  return {
    clientId: client.clientId,
    name: client.name,
    verified: registration === "registered",
    host: registration === "metadata" ? new URL(client.clientId).host : null,
    registration,
  };
}

/**
 * Of `ids`, the collections `userId` may send from (the global catalogue and their teams'), by
 * name; null when any id is not one of them. Unknown ids and another team's private collections
 * are refused alike, so the answer never tells whether such a collection exists.
 */
async function usableCollections(db: Tx, userId: string, ids: number[]) {
  if (ids.length === 0) return [];
  const usable = new Map((await collectionsForPerson(db, userId)).map((c) => [c.id, c.name]));
  if (!ids.every((id) => usable.has(id))) return null;
  return ids.map((id) => ({ id, name: usable.get(id)! }));
}

/** Said to the application (as `invalid_request`) when a `collections` id is not one the person may use. */
export const UNUSABLE_COLLECTIONS = "collections lists a collection you can't send from.";

export const INVALID_AUTHORIZATION: Record<InvalidAuthorization, string> = {
  "missing-client": "The link has no client_id (or more than one), so we can't tell which application is asking.",
  "missing-redirect": "The link has no redirect_uri (or more than one), so we don't know where to send you back.",
  "unknown-client": "The application asking for access is not registered with Ribbon (unknown client_id).",
  "unknown-redirect": "The redirect_uri is not one the application registered, so we won't send you there.",
  "unreadable-metadata": `The application's client metadata document (its client_id URL) could not be fetched within ${METADATA_TIMEOUT_MS / 1000} seconds or is not a valid document, so we can't tell who is asking. Try again in ${METADATA_FAILURE_TTL_MS / 1000} seconds.`,
  "metadata-rate-limited":
    "Too many applications new to Ribbon were looked up from your network in the last few minutes. Try again in a few minutes.",
};

const invalid = (code: InvalidAuthorization) => ({
  status: "invalid" as const,
  code,
  reason: INVALID_AUTHORIZATION[code],
});

/**
 * Validates an authorization request (RFC 6749 §4.1.1) for the consent screen. With `person`
 * (the signed-in person the screen asks), the `collections` cap must name only collections they
 * may use, else it goes back to the application as `invalid_request` (UNUSABLE_COLLECTIONS);
 * without (proxy.ts, before sign-in) only the client and the redirect URI are judged for trust.
 * `asker`: the browser's request, whose address a metadata document's fetch counts against.
 */
export async function checkAuthorizationRequest(
  db: Tx,
  query: AuthorizationQuery,
  person?: { userId: string },
  asker?: MetadataAsker,
): Promise<AuthorizationCheck> {
  const { client_id: clientId, redirect_uri: redirectUri, response_type: responseType, state } = query;
  if (typeof clientId !== "string" || !clientId) return invalid("missing-client");
  if (typeof redirectUri !== "string" || !redirectUri) return invalid("missing-redirect");
  const client = await findClientFor(db, clientId, redirectUri, asker);
  if (typeof client === "string") return invalid(client);

  const back = (error: string, description: string, withState = true) => ({
    status: "redirect" as const,
    to: authorizationResponse(redirectUri, {
      error,
      error_description: description,
      state: withState && typeof state === "string" ? state : undefined,
    }),
  });
  if (Array.isArray(state)) return back("invalid_request", "state was sent more than once.", false);
  if (responseType === undefined || Array.isArray(responseType))
    return back("invalid_request", "response_type must be sent once.");
  if (responseType !== "code") return back("unsupported_response_type", "Only response_type=code is supported.");
  const pkce = checkCodeChallenge(query.code_challenge, query.code_challenge_method);
  if (!pkce.ok) return back("invalid_request", pkce.description);
  const resource = readResource(query.resource);
  if (typeof resource === "object") return back("invalid_target", resource.error);
  // A public client (no secret) and every MCP grant prove the code's holder with PKCE.
  if (!pkce.challenge && (resource === "mcp" || isPublicClient(client.kind)))
    return back("invalid_request", "PKCE is required: send code_challenge and code_challenge_method=S256.");
  const requested = requestedCaps(query);
  if ("error" in requested) return back("invalid_request", requested.error);
  const collections = person ? await usableCollections(db, person.userId, requested.caps?.collectionIds ?? []) : [];
  if (collections === null) return back("invalid_request", UNUSABLE_COLLECTIONS);
  const consent = {
    status: "consent" as const,
    client: consentClient(client),
    redirectUri,
    resource,
    state,
    caps: requested.caps,
    collections,
  };
  return pkce.challenge ? { ...consent, codeChallenge: pkce.challenge } : consent;
}

/** Why an approval issued nothing: each has one fixed explanation (CONSENT_REFUSALS) the consent screen shows. */
export type ConsentRefusal = "caps-unreadable" | "caps-missing" | "collections" | "pkce" | "client";

export const CONSENT_REFUSALS: Record<ConsentRefusal, string> = {
  "caps-unreadable":
    "Nothing was approved: a cap must be an amount in US dollars, like 25 or 25.00, at most 1,000,000.00. Fix it and approve again.",
  "caps-missing":
    "Nothing was approved: an AI agent needs a spending cap per gift and one per day. Set both and approve again.",
  collections: `Nothing was approved: the application's ${UNUSABLE_COLLECTIONS} Ask it to connect again without it.`,
  pkce: "Nothing was approved: this application must use PKCE. Ask it to connect again.",
  client:
    "Nothing was approved: the application or its redirect URI is no longer one Ribbon knows. Ask it to connect again.",
};

export type Decision = {
  clientId: string;
  redirectUri: string;
  state?: string;
  codeChallenge?: string | null;
  /** The caps shown on the consent screen: the grant carries exactly these. */
  caps?: SpendCaps | null;
  resource?: Resource;
  /** An MCP grant's mode, chosen on the consent screen; any other grant is live. */
  mode?: "live" | "sandbox";
};

/** Why an MCP grant's caps can't be issued, or null: it needs a cap per gift and one per day. */
export function mcpCapsProblem(caps: SpendCaps | null | undefined): string | null {
  if (!caps || caps.perGiftCents === null || caps.dailyCents === null)
    return "An AI agent needs a spending cap per gift and per day: set both.";
  return null;
}

/**
 * The user approved: issues a one-time authorization code (192 random bits, stored hashed,
 * valid ten minutes) and returns the redirect carrying it. The client and redirect URI are
 * checked again, since they come back from the browser.
 */
export async function approveAuthorization(
  db: Tx,
  input: Decision & { userId: string },
  { now = new Date(), asker }: { now?: Date; asker?: MetadataAsker } = {},
): Promise<
  { status: "invalid"; reason: string; refusal: ConsentRefusal } | { status: "redirect"; to: string; code: string }
> {
  const client = await findClientFor(db, input.clientId, input.redirectUri, asker);
  if (typeof client === "string")
    return { status: "invalid", reason: INVALID_AUTHORIZATION[client], refusal: "client" };
  const pkce = checkCodeChallenge(input.codeChallenge ?? undefined, input.codeChallenge ? "S256" : undefined);
  if (!pkce.ok) return { status: "invalid", reason: pkce.description, refusal: "pkce" };
  // The person approving (the session at the click) may not be the one the screen was shown to.
  if ((await usableCollections(db, input.userId, input.caps?.collectionIds ?? [])) === null)
    return { status: "invalid", reason: UNUSABLE_COLLECTIONS, refusal: "collections" };
  const resource = input.resource ?? "api";
  if (!pkce.challenge && (resource === "mcp" || isPublicClient(client.kind)))
    return { status: "invalid", reason: "PKCE is required for this application.", refusal: "pkce" };
  const capsProblem = resource === "mcp" ? mcpCapsProblem(input.caps) : null;
  if (capsProblem) return { status: "invalid", reason: capsProblem, refusal: "caps-missing" };
  const code = randomSecret(24);
  // A grant: a dynamic client approved now is not deleted as unused (register-client.ts).
  await db.oAuthClient.update({ where: { id: client.id }, data: { lastGrantAt: now } });
  await db.oAuthCode.create({
    data: {
      codeHash: sha256(code),
      clientId: client.id,
      userId: input.userId,
      redirectUri: input.redirectUri,
      codeChallenge: pkce.challenge,
      caps: capsToJson(input.caps ?? null),
      resource,
      mode: resource === "mcp" && input.mode === "sandbox" ? "sandbox" : "live",
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    },
  });
  return { status: "redirect", to: authorizationResponse(input.redirectUri, { code, state: input.state }), code };
}

/** The user said no: the redirect carrying `error=access_denied`. */
export async function denyAuthorization(
  db: Tx,
  input: Decision,
  asker?: MetadataAsker,
): Promise<{ status: "invalid"; reason: string } | { status: "redirect"; to: string }> {
  const client = await findClientFor(db, input.clientId, input.redirectUri, asker);
  if (typeof client === "string") return { status: "invalid", reason: INVALID_AUTHORIZATION[client] };
  return {
    status: "redirect",
    to: authorizationResponse(input.redirectUri, {
      error: "access_denied",
      error_description: "The user denied access.",
      state: input.state,
    }),
  };
}
