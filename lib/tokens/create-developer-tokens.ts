import type { Tx } from "@/lib/db";
import { randomSecret, sha256 } from "@/lib/crypto";
import { tokenPrefix, type TokenMode } from "./format";

async function issue(db: Tx, userId: string, mode: TokenMode): Promise<string> {
  const token = tokenPrefix[mode] + randomSecret(24);
  await db.apiToken.create({ data: { userId, mode, tokenHash: sha256(token), start: token.slice(0, 14) } });
  return token;
}

/**
 * Turns developer access on (or rolls it): revokes the user's current tokens and issues a
 * live and a sandbox token. The plaintext is returned once; only hashes are stored.
 */
export async function createDeveloperTokens(db: Tx, userId: string) {
  await db.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return { live: await issue(db, userId, "live"), sandbox: await issue(db, userId, "sandbox") };
}
