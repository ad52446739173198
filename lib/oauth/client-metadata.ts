import type { Tx } from "@/lib/db";
import { config } from "@/lib/config";
import { randomSecret, sha256 } from "@/lib/crypto";
import { hasForbiddenCharacters } from "@/lib/format/text";
import type { HeaderReader } from "@/lib/http/client-address";
import { outboundRequest } from "@/lib/http/outbound";
import { clientIp, consume } from "@/lib/ratelimit";
import { redirectUriProblem } from "./redirect-uri";

/**
 * OAuth Client ID Metadata Documents (the MCP authorization spec's preferred registration): a
 * client_id that is an https URL names a JSON document the client publishes about itself.
 * Ribbon fetches it under the webhooks' outbound rules (lib/http/outbound.ts: public addresses
 * only unless RIBBON_WEBHOOKS_ALLOW_PRIVATE=1, pinned DNS, no redirects, a deadline, a size
 * cap), keeps it an hour (the client's row, shared by every instance), and holds its redirect
 * URIs to the rules registered clients follow. Such a client has no secret
 * (token_endpoint_auth_method "none", PKCE instead) and is shown as unverified, with its URL's host.
 *
 * Per process (not shared between instances): a document that could not be fetched or read is
 * not fetched again for METADATA_FAILURE_TTL_MS; concurrent look-ups of one client share one
 * fetch; and the fetches a browser's address causes are limited (`clientMetadata` in
 * lib/ratelimit/limits.ts), since anyone can send a link before signing in.
 */

/** The document is small: the draft suggests at most 5 KB; anything larger is refused, not cut. */
export const METADATA_MAX_BYTES = 5 * 1024;
/** The whole fetch (look-up, connection, document): the person is waiting for the page. */
export const METADATA_TIMEOUT_MS = 3_000;
/** How long a fetched document is trusted before it is fetched again. */
export const METADATA_TTL_MS = 60 * 60 * 1000;
/** How long a document that could not be fetched or read is refused without fetching it again. */
export const METADATA_FAILURE_TTL_MS = 60 * 1000;
/** Failures remembered at most (the oldest forgotten first): distinct client_ids cost memory. */
const MAX_FAILURES = 10_000;
const MAX_REDIRECT_URIS = 10;
const MAX_NAME = 100;
const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Whether a client_id is a metadata document URL (https with a path; http on loopback only where private addresses are allowed). */
export function isMetadataClientId(clientId: string): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password || url.pathname === "/" || url.href !== clientId) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && config.webhooksAllowPrivate && LOOPBACK.has(url.hostname);
}

type MetadataClient = { id: number; clientId: string; name: string; redirectUris: string[]; kind: string };

/** The document's fields Ribbon uses, or why it can't be used. */
export function readMetadataDocument(
  clientId: string,
  text: string,
): { name: string; redirectUris: string[] } | { error: string } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { error: "is not JSON" };
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return { error: "is not a JSON object" };
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId) return { error: "has a client_id other than its own URL" };
  // No shared secret can be established through a public document (draft §4.1).
  if ("client_secret" in d || "client_secret_expires_at" in d) return { error: "holds a client secret" };
  const method = d.token_endpoint_auth_method ?? "none";
  if (method !== "none") return { error: 'must use token_endpoint_auth_method "none" (a public client)' };
  const uris = d.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS)
    return { error: `needs 1 to ${MAX_REDIRECT_URIS} redirect_uris` };
  for (const uri of uris) {
    if (typeof uri !== "string" || uri.length > 2048 || redirectUriProblem(uri))
      return { error: "lists a redirect URI Ribbon would not register" };
  }
  const rawName = typeof d.client_name === "string" ? d.client_name.trim() : "";
  const name =
    rawName && rawName.length <= MAX_NAME && !hasForbiddenCharacters(rawName) ? rawName : new URL(clientId).host;
  return { name, redirectUris: uris as string[] };
}

/** Why a metadata client can't be used: its document is unreadable, or this address asked for too many. */
export type MetadataRefusal = { refused: "unreadable" } | { refused: "rate-limited"; retrySeconds: number };
type Lookup = MetadataClient | MetadataRefusal;

const SELECT = { id: true, clientId: true, name: true, redirectUris: true, kind: true, metadataFetchedAt: true };

// One per process, not per bundle: proxy.ts and the authorize page are separate module graphs.
type Memory = { failures: Map<string, number>; inFlight: Map<string, Promise<Lookup>> };
const holder = globalThis as unknown as { __ribbonClientMetadata?: Memory };
const memory = (holder.__ribbonClientMetadata ??= { failures: new Map(), inFlight: new Map() });

function recentFailure(clientId: string): boolean {
  const at = memory.failures.get(clientId);
  if (at === undefined) return false;
  if (Date.now() - at < METADATA_FAILURE_TTL_MS) return true;
  memory.failures.delete(clientId);
  return false;
}

function rememberFailure(clientId: string) {
  memory.failures.delete(clientId);
  if (memory.failures.size >= MAX_FAILURES) memory.failures.delete(memory.failures.keys().next().value!);
  memory.failures.set(clientId, Date.now());
}

type Cached = { kind: string; metadataFetchedAt: Date | null };
const usable = (row: Cached | null, now: Date): boolean =>
  row !== null &&
  (row.kind !== "metadata" ||
    (row.metadataFetchedAt !== null && now.getTime() - row.metadataFetchedAt.getTime() < METADATA_TTL_MS));

/** The request whose browser asks (its address, lib/http/client-address.ts): its fetches count against its limit. */
export type MetadataAsker = { headers: HeaderReader };

/**
 * The client a metadata document describes: from its row while fresh, else fetched (once, for
 * every concurrent look-up of it), or why not. A client registered with a secret under the
 * same id stays as it is. Without `asker` (no browser: a test, a script) nothing is counted.
 */
export async function clientFromMetadataDocument(
  db: Tx,
  clientId: string,
  { now = new Date(), asker }: { now?: Date; asker?: MetadataAsker } = {},
): Promise<Lookup> {
  const cached = await db.oAuthClient.findUnique({ where: { clientId }, select: SELECT });
  if (cached && usable(cached, now)) return cached;
  for (;;) {
    if (recentFailure(clientId)) return { refused: "unreadable" };
    const pending = memory.inFlight.get(clientId);
    if (pending) {
      const joined = await pending;
      // Another address's fetch that its limit stopped: this one may fetch itself.
      if ("refused" in joined && joined.refused === "rate-limited") {
        if (memory.inFlight.get(clientId) === pending) memory.inFlight.delete(clientId);
        continue;
      }
      return joined;
    }
    // Set before anything is awaited, so every look-up from here on joins this one.
    const fetching: Promise<Lookup> = fetchDocument(db, clientId, now, asker).finally(() => {
      if (memory.inFlight.get(clientId) === fetching) memory.inFlight.delete(clientId);
    });
    memory.inFlight.set(clientId, fetching);
    return fetching;
  }
}

async function fetchDocument(db: Tx, clientId: string, now: Date, asker?: MetadataAsker): Promise<Lookup> {
  // A look-up that read the row before the last fetch stored it finds it here.
  const cached = await db.oAuthClient.findUnique({ where: { clientId }, select: SELECT });
  if (cached && usable(cached, now)) return cached;
  if (asker) {
    const limit = await consume("clientMetadata", clientIp(asker));
    if (!limit.allowed) return { refused: "rate-limited", retrySeconds: limit.resetSeconds };
  }
  const outcome = await outboundRequest(clientId, {
    method: "GET",
    headers: { accept: "application/json" },
    allowPrivate: config.webhooksAllowPrivate,
    timeoutMs: METADATA_TIMEOUT_MS,
    maxBytes: METADATA_MAX_BYTES,
    userAgent: "Ribbon-OAuth/1",
  });
  const failure =
    outcome.error ??
    (outcome.status !== 200 ? `answered ${outcome.status}` : outcome.truncated ? "is larger than 5 KB" : null);
  const read = failure ? { error: failure } : readMetadataDocument(clientId, outcome.body ?? "");
  if ("error" in read) {
    rememberFailure(clientId);
    // The host only: the path is the client's to choose and may carry anything.
    console.warn(
      `OAuth client metadata document on ${new URL(clientId).host} refused: ${read.error} (not fetched again for ${METADATA_FAILURE_TTL_MS / 1000} s)`,
    );
    return { refused: "unreadable" };
  }
  const data = { name: read.name, redirectUris: read.redirectUris, metadataFetchedAt: now };
  return db.oAuthClient.upsert({
    where: { clientId },
    // No secret: a random hash no one holds, so client_secret authentication can never match.
    create: { clientId, kind: "metadata", clientSecretHash: sha256(randomSecret(24)), ...data },
    update: data,
    select: SELECT,
  });
}
