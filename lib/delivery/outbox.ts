import type { PrismaClient } from "@/lib/db";

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
};

/** The newest messages kept in the email outbox, newest first. */
export async function listOutbox(db: PrismaClient, { limit = 50 }: { limit?: number } = {}): Promise<OutboxMessage[]> {
  return db.emailOutbox.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(1, limit), 500),
    select: { id: true, kind: true, to: true, cc: true, subject: true, html: true, text: true, status: true, transport: true, giftId: true, createdAt: true },
  });
}
