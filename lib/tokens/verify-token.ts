import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { tokenPrefix } from "./format";
import type { Caller } from "./caller";

export type TokenCheck = { status: "valid"; caller: Caller } | { status: "malformed" | "unknown" | "revoked" };

const TOKEN_SHAPE = /^rbn_(live|sbox|oat)_[1-9A-HJ-NP-Za-km-z]{16,64}$/;

/**
 * Looks a presented token up by its hash. Returns a status rather than throwing, so the
 * edge decides how to answer; database failures still throw.
 */
export async function verifyToken(db: Tx, token: string): Promise<TokenCheck> {
  if (!TOKEN_SHAPE.test(token)) return { status: "malformed" };
  const tokenHash = sha256(token);
  const select = { id: true, revokedAt: true, user: { select: { id: true, name: true, email: true } } } as const;

  if (token.startsWith(tokenPrefix.oauth)) {
    const row = await db.oAuthToken.findUnique({ where: { tokenHash }, select });
    if (!row) return { status: "unknown" };
    if (row.revokedAt) return { status: "revoked" };
    await touch(db, "oauth", row.id);
    const user = { ...row.user, name: row.user.name ?? row.user.email };
    return { status: "valid", caller: { user, mode: "live", via: "oauth", credentialId: row.id } };
  }

  const row = await db.apiToken.findUnique({ where: { tokenHash }, select: { ...select, mode: true } });
  if (!row) return { status: "unknown" };
  if (row.revokedAt) return { status: "revoked" };
  await touch(db, "token", row.id);
  const user = { ...row.user, name: row.user.name ?? row.user.email };
  return { status: "valid", caller: { user, mode: row.mode === "live" ? "live" : "sandbox", via: "token", credentialId: row.id } };
}

// `lastUsedAt` (shown on the account page) is kept to the minute: at most one write per token a minute.
const TOUCH_EVERY_MS = 60_000;
const touchedAt = new Map<string, number>();

async function touch(db: Tx, via: "token" | "oauth", id: number): Promise<void> {
  const now = Date.now();
  if (now - (touchedAt.get(`${via}:${id}`) ?? 0) < TOUCH_EVERY_MS) return;
  touchedAt.set(`${via}:${id}`, now);
  const args = {
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - TOUCH_EVERY_MS) } }] },
    data: { lastUsedAt: new Date(now) },
  };
  await (via === "oauth" ? db.oAuthToken.updateMany(args) : db.apiToken.updateMany(args));
}
