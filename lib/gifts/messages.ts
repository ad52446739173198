import type { Tx } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import type { Cursor } from "./cursor";

/** Remembers a message the user sent in a team; sending it again makes it the newest. */
export async function rememberMessage(tx: Tx, input: { teamId: string; userId: string; message: string; at: Date }) {
  const messageHash = sha256(input.message);
  await tx.giftMessage.upsert({
    where: { teamId_userId_messageHash: { teamId: input.teamId, userId: input.userId, messageHash } },
    create: { teamId: input.teamId, userId: input.userId, message: input.message, messageHash, createdAt: input.at },
    update: { createdAt: input.at },
  });
}

/** The user's past messages in a team, newest first, one page after `cursor`. */
export function listMessages(db: Tx, input: { teamId: string; userId: string; size: number; after?: Cursor }) {
  const { after } = input;
  return db.giftMessage.findMany({
    where: {
      teamId: input.teamId,
      userId: input.userId,
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: Number(after.id) } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.size + 1,
  });
}
