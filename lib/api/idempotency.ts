import type { PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { isUniqueViolation } from "@/lib/database/errors";
import { badRequest, conflict } from "@/lib/errors";
import { currentUntieUrls, loadGifts } from "@/lib/gifts";
import { findIdempotencyKey, saveIdempotentResponse, type IdempotencyReservation } from "@/lib/idempotency";
import type { Caller } from "@/lib/tokens";
import { jsonApi } from "./document";
import { giftDocument, giftListDocument, type GiftReader } from "./serializers/gift";

export type IdempotentCreate = {
  db: PrismaClient;
  request: Request;
  caller: Caller;
  /** What the request is for: the same body sent to another endpoint or team is another request. */
  scope: string;
  body: unknown;
  shape: "one" | "many";
  /** Who the answer is for: a replay shows untie URLs only to those who may hold them. */
  reader: GiftReader;
  create(reservation?: IdempotencyReservation): Promise<Response>;
};

/** JSON with object keys sorted, so the same body with its keys in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

type StoredDocument = { data?: StoredResource | StoredResource[] };
type StoredResource = { type?: string; id?: string; attributes?: Record<string, unknown> };

/** Each gift of a document with its untie URL set by `url` (null to strip it, the gift's own to restore it). */
function withUntieUrls(body: string, url: (giftId: string) => string | null): string {
  const document = JSON.parse(body) as StoredDocument;
  for (const resource of [document.data ?? []].flat()) {
    if (resource.type === "gifts" && resource.id && resource.attributes && "untie-url" in resource.attributes)
      resource.attributes["untie-url"] = url(resource.id);
  }
  return JSON.stringify(document);
}

async function replay(input: IdempotentCreate, r: IdempotencyReservation): Promise<Response | null> {
  const stored = await findIdempotencyKey(input.db, r.ownerKey, r.key);
  if (!stored) return null;
  if (stored.requestHash !== r.requestHash) {
    throw conflict(
      `Idempotency-Key "${r.key}" was already used with a different request. Use a new key for a new request.`,
    );
  }
  const headers = { "Idempotent-Replayed": "true" };
  if (stored.responseBody !== null) {
    // Stored without secrets: the untie URLs are derived from the gifts again (as they are now).
    const urls = await currentUntieUrls(input.db, stored.giftIds, input.reader);
    return new Response(
      withUntieUrls(stored.responseBody, (id) => urls.get(id) ?? null),
      {
        status: stored.status ?? 200,
        headers: { "Content-Type": "application/vnd.api+json", ...headers },
      },
    );
  }
  // Committed, but the response wasn't stored (yet): rebuild it from the gifts it created.
  const gifts = await loadGifts(input.db, stored.giftIds);
  return jsonApi(input.shape === "one" ? giftDocument(gifts[0], input.reader) : giftListDocument(gifts, input.reader), {
    headers,
  });
}

/**
 * `Idempotency-Key` on create endpoints, and on a gift's change and resend (`create` is then
 * the change: it claims the key in its transaction): the same key and body replay the first success;
 * the same key with another body is a 409. Keys belong to the credential owner (user and
 * mode) and last 24 hours. Failed requests store nothing, so they can be retried.
 */
export async function idempotentCreate(input: IdempotentCreate): Promise<Response> {
  const key = input.request.headers.get("idempotency-key");
  if (key === null) return input.create();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest("Idempotency-Key must be 1 to 255 visible ASCII characters.");
  const reservation: IdempotencyReservation = {
    ownerKey: `${input.caller.user.id}:${input.caller.mode}`,
    key,
    requestHash: sha256(`${input.scope}\n${canonicalJson(input.body)}`),
  };
  const earlier = await replay(input, reservation);
  if (earlier) return earlier;
  let response: Response;
  try {
    response = await input.create(reservation);
  } catch (error) {
    const concurrent = isUniqueViolation(error) ? await replay(input, reservation) : null;
    if (concurrent) return concurrent;
    throw error;
  }
  await saveIdempotentResponse(
    input.db,
    reservation,
    response.status,
    withUntieUrls(await response.clone().text(), () => null),
  );
  return response;
}
