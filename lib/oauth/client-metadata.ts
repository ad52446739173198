import type { Tx } from "@/lib/db";
import { config } from "@/lib/config";
import { randomSecret, sha256 } from "@/lib/crypto";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { outboundRequest } from "@/lib/http/outbound";
import { redirectUriProblem } from "./redirect-uri";

/**
 * OAuth Client ID Metadata Documents (the MCP authorization spec's preferred registration): a
 * client_id that is an https URL names a JSON document the client publishes about itself.
 * Ribbon fetches it under the webhooks' outbound rules (lib/http/outbound.ts: public addresses
 * only unless RIBBON_WEBHOOKS_ALLOW_PRIVATE=1, pinned DNS, no redirects, a deadline, a size
 * cap), keeps it an hour, and holds its redirect URIs to the rules registered clients follow.
 * Such a client has no secret (token_endpoint_auth_method "none", PKCE instead) and is shown
 * as unverified, with its URL's host.
 */

/** The document is small: the draft suggests at most 5 KB; anything larger is refused, not cut. */
export const METADATA_MAX_BYTES = 5 * 1024;
export const METADATA_TIMEOUT_MS = 5_000;
/** How long a fetched document is trusted before it is fetched again. */
export const METADATA_TTL_MS = 60 * 60 * 1000;
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

/**
 * The client a metadata document describes: from the cache while fresh, else fetched again.
 * Null when it can't be fetched or read (the authorization link is then untrusted: a 400
 * page, never a redirect). A client registered with a secret under the same id stays as it is.
 */
export async function clientFromMetadataDocument(
  db: Tx,
  clientId: string,
  now = new Date(),
): Promise<MetadataClient | null> {
  const select = { id: true, clientId: true, name: true, redirectUris: true, kind: true, metadataFetchedAt: true };
  const cached = await db.oAuthClient.findUnique({ where: { clientId }, select });
  if (cached && cached.kind !== "metadata") return cached;
  if (cached?.metadataFetchedAt && now.getTime() - cached.metadataFetchedAt.getTime() < METADATA_TTL_MS) return cached;
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
    console.warn(`OAuth client metadata document ${clientId} refused: ${read.error}`);
    return null;
  }
  const data = { name: read.name, redirectUris: read.redirectUris, metadataFetchedAt: now };
  return db.oAuthClient.upsert({
    where: { clientId },
    // No secret: a random hash no one holds, so client_secret authentication can never match.
    create: { clientId, kind: "metadata", clientSecretHash: sha256(randomSecret(24)), ...data },
    update: data,
    select,
  });
}
