import type { Tx } from "@/lib/db";
import type { Cursor } from "@/lib/gifts";
import type { TeamRef } from "@/lib/teams";
import type { Actor } from "@/lib/actor";
import { getEndpoint } from "./endpoints";

/** An endpoint's attempts, newest first, one page after `after` (fetches one extra row). */
export async function listAttempts(
  db: Tx,
  caller: Actor,
  team: TeamRef,
  endpointId: string,
  page: { size: number; after?: Cursor },
) {
  const endpoint = await getEndpoint(db, caller, team, endpointId);
  const { after } = page;
  return db.webhookAttempt.findMany({
    where: {
      endpointId: endpoint.id,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: Number(after.id) } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.size + 1,
    include: { delivery: { select: { eventId: true, eventType: true, replayId: true } } },
  });
}

export type AttemptView = Awaited<ReturnType<typeof listAttempts>>[number];
