import type { Tx } from "@/lib/db";
import type { Cursor } from "./cursor";

/** The user's past messages in a team, newest first, one page after `cursor`. */
export function listMessages(db: Tx, input: { teamId: string; userId: string; size: number; after?: Cursor }) {
  const { after } = input;
  return db.giftMessage.findMany({
    where: {
      teamId: input.teamId,
      userId: input.userId,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: Number(after.id) } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.size + 1,
  });
}
