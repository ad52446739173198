import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { tokenPrefix } from "./format";
import type { Caller } from "./caller";

export type TokenCheck =
  { status: "valid"; caller: Caller } | { status: "malformed" | "unknown" | "revoked" | "expired" };

const TOKEN_SHAPE = /^rbn_(live|sbox|oat)_[1-9A-HJ-NP-Za-km-z]{16,64}$/;

/**
 * Looks a presented token up by its hash. Returns a status rather than throwing, so the
 * edge decides how to answer; database failures still throw. A developer token a roll kept
 * for a grace period is expired from its `expiresAt` on (`expiresAt <= now`).
 */
export async function verifyToken(db: Tx, token: string, now = new Date()): Promise<TokenCheck> {
  if (!TOKEN_SHAPE.test(token)) return { status: "malformed" };
  const tokenHash = sha256(token);
  const at = now.toISOString(); // timestamp(3) columns hold UTC
  const oauth = token.startsWith(tokenPrefix.oauth);
  // One statement: the credential and its user (hot path: every API request).
  const [row] = oauth
    ? await queryRows<Row>(
        db,
        Prisma.sql`
        SELECT t."id", t."revokedAt" IS NOT NULL AS "revoked", false AS "expired", t."mode", t."resource", u."id" AS "userId", u."name", u."email",
               NULL AS "keyName", 'full' AS "access", NULL AS "teamId"
        FROM "OAuthToken" t JOIN "User" u ON u."id" = t."userId" WHERE t."tokenHash" = ${tokenHash}`,
      )
    : await queryRows<Row>(
        db,
        Prisma.sql`
        SELECT t."id", t."revokedAt" IS NOT NULL AS "revoked", COALESCE(t."expiresAt" <= ${at}::timestamp, false) AS "expired", t."mode", 'api' AS "resource", u."id" AS "userId", u."name", u."email",
               t."name" AS "keyName", t."access", t."teamId"
        FROM "ApiToken" t JOIN "User" u ON u."id" = t."userId" WHERE t."tokenHash" = ${tokenHash}`,
      );
  if (!row) return { status: "unknown" };
  if (row.revoked) return { status: "revoked" };
  if (row.expired) return { status: "expired" };
  const via = oauth ? "oauth" : "token";
  await touch(db, via, row.id);
  const user = { id: row.userId, name: row.name, email: row.email };
  return {
    status: "valid",
    caller: {
      user,
      mode: row.mode === "live" ? "live" : "sandbox",
      via,
      credentialId: row.id,
      resource: row.resource === "mcp" ? "mcp" : "api",
      ...(row.keyName === null
        ? {}
        : { key: { name: row.keyName, readOnly: row.access !== "full", teamId: row.teamId } }),
    },
  };
}

type Row = {
  id: number;
  revoked: boolean;
  expired: boolean;
  mode: string;
  resource: string;
  userId: string;
  name: string | null;
  email: string;
  keyName: string | null;
  access: string;
  teamId: string | null;
};

// `lastUsedAt` (shown on the account page) is kept to the minute: at most one write per token a minute.
const TOUCH_EVERY_MS = 60_000;
/** When this process last wrote each token's lastUsedAt, per database (a row id means nothing across two). */
const touchedAt = new WeakMap<Tx, Map<string, number>>();

async function touch(db: Tx, via: "token" | "oauth", id: number): Promise<void> {
  const now = Date.now();
  let touched = touchedAt.get(db);
  if (!touched) touchedAt.set(db, (touched = new Map()));
  if (now - (touched.get(`${via}:${id}`) ?? 0) < TOUCH_EVERY_MS) return;
  touched.set(`${via}:${id}`, now);
  const args = {
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - TOUCH_EVERY_MS) } }] },
    data: { lastUsedAt: new Date(now) },
  };
  await (via === "oauth" ? db.oAuthToken.updateMany(args) : db.apiToken.updateMany(args));
}
