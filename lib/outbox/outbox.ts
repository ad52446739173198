import type { PrismaClient, Tx } from "@/lib/db";
import { queryRows } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { renderKept } from "./queued-emails";

export type OutboxMessage = {
  id: number;
  kind: string;
  to: string;
  cc: string | null;
  subject: string;
  html: string;
  text: string;
  status: string;
  transport: string;
  giftId: string | null;
  createdAt: Date;
  /** What the provider (or a simulation) said happened to it: delivered, bounced, … (null: nothing yet). */
  deliveryStatus?: string | null;
  deliveryDetail?: string | null;
};

/**
 * The newest messages kept in the email outbox, newest first. A suppressed sandbox email is
 * rendered here, when viewed (renderKept), not when its turn came.
 */
export async function listOutbox(db: PrismaClient, { limit = 50 }: { limit?: number } = {}): Promise<OutboxMessage[]> {
  const rows = await db.emailOutbox.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(1, limit), 500),
    select: {
      payload: true,
      suppress: true,
      id: true,
      kind: true,
      to: true,
      cc: true,
      subject: true,
      html: true,
      text: true,
      status: true,
      transport: true,
      giftId: true,
      createdAt: true,
      deliveryStatus: true,
      deliveryDetail: true,
    },
  });
  const messages: OutboxMessage[] = [];
  for (const { payload, suppress, ...message } of rows) {
    const body = await renderKept(db, { ...message, payload, suppress });
    messages.push(body ? { ...message, ...body } : message);
  }
  return messages;
}

export type OutboxRow = Omit<OutboxMessage, "id"> & { providerId: string | null };

/**
 * Keeps a batch of sent messages in one statement: the rows travel as one JSON parameter.
 * (Prisma's createMany compiles a query the size of the batch's bodies first: ~30 ms for
 * 50 gift emails, ten times what PostgreSQL needs to insert them.)
 */
export async function insertOutboxRows(tx: Tx, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    tx,
    Prisma.sql`
    INSERT INTO "EmailOutbox" ("kind", "to", "cc", "subject", "html", "text", "status", "transport", "providerId", "giftId", "createdAt")
    SELECT r."kind", r."to", r."cc", r."subject", r."html", r."text", r."status", r."transport", r."providerId", r."giftId", r."createdAt"
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(
      "kind" text, "to" text, "cc" text, "subject" text, "html" text, "text" text,
      "status" text, "transport" text, "providerId" text, "giftId" text, "createdAt" timestamp(3))`,
  );
}
