import type { PrismaClient } from "@/lib/generated/prisma/client";

export type { PrismaClient };

/**
 * What domain functions take to read and write: the client, or the transaction it hands to
 * `$transaction` (Prisma calls and the raw statements of lib/database/sql.ts alike).
 */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
