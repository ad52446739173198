import { queryRows } from "@/lib/database/sql";
import type { PrismaClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { sha256 } from "@/lib/crypto";

/** A session lives 30 days and is extended at most once a day (lib/auth gives Auth.js these two). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_UPDATE_AGE_MS = 24 * 60 * 60 * 1000;

/** Auth.js's session cookie: `__Secure-` when the site (its AUTH_URL, which is APP_URL) is https. */
export function sessionCookieName(appUrl: string): string {
  return `${appUrl.startsWith("https:") ? "__Secure-" : ""}authjs.session-token`;
}

export type StoredSessionUser = { id: string; name: string | null; email: string };

/**
 * The person behind a session cookie, in one statement, when Auth.js itself would only read the
 * session: it exists, has not expired and is not yet due to be extended. Null otherwise (no such
 * session, expired, or due for the daily extension): the caller then asks Auth.js, which deletes
 * an expired session or extends a due one, as it always did. The table keeps only the token's
 * SHA-256 (./hashed-sessions.ts).
 */
export async function storedSessionUser(
  db: PrismaClient,
  token: string,
  now = Date.now(),
): Promise<StoredSessionUser | null> {
  const [row] = await queryRows<{ id: string; name: string | null; email: string | null; expires: Date }>(
    db,
    Prisma.sql`SELECT u."id", u."name", u."email", s."expires"
      FROM "Session" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."sessionToken" = ${sha256(token)}`,
  );
  if (!row) return null;
  const expires = row.expires.getTime();
  if (expires <= now) return null;
  if (expires - SESSION_MAX_AGE_MS + SESSION_UPDATE_AGE_MS <= now) return null;
  return { id: row.id, name: row.name, email: row.email ?? "" };
}
