import type { Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRef } from "@/lib/teams";
import type { Actor } from "@/lib/actor";
import { mayHoldUntieLink } from "./changer";
import { untieUrl } from "@/lib/untie";
import { GIFT_VIEW_SELECT, type GiftView } from "./view";

/**
 * The gifts a caller sees in a team: all of them, or in the sandbox only its own. Sandbox
 * gifts are the ones not in live mode, and the (teamId, senderId, createdAt, id) index
 * holds only those: `livemode: false` is what lets a query use it.
 */
export function visibleGifts(caller: Actor, team: TeamRef): Prisma.GiftWhereInput {
  return caller.mode === "sandbox"
    ? { teamId: team.id, livemode: false, senderId: caller.user.id }
    : { teamId: team.id };
}

export async function getGift(db: Tx, caller: Actor, team: TeamRef, id: string): Promise<GiftView> {
  // PostgreSQL text can't hold NUL: such an id names no gift (and would make the query fail).
  const gift = id.includes("\u0000")
    ? null
    : await db.gift.findFirst({ where: { ...visibleGifts(caller, team), id }, select: GIFT_VIEW_SELECT });
  if (!gift) throw notFound(`No gift "${id}" in team "${team.id}".`);
  return gift;
}

export function loadGifts(db: Tx, ids: string[]): Promise<GiftView[]> {
  return db.gift.findMany({ where: { id: { in: ids } }, select: GIFT_VIEW_SELECT }).then((gifts) => {
    const byId = new Map(gifts.map((g) => [g.id, g]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
}

/** Each gift's current untie URL (its secret's version can change: lib/untie.ts), for the gifts `reader` may hold the link of. */
export async function currentUntieUrls(
  db: Tx,
  ids: string[],
  reader: { role: string; user: { id: string } },
): Promise<Map<string, string>> {
  const rows = await db.gift.findMany({
    where: { id: { in: ids } },
    select: { id: true, untieVersion: true, senderId: true },
  });
  return new Map(
    rows
      .filter((g) => mayHoldUntieLink(reader, { sender: { id: g.senderId } }))
      .map((g) => [g.id, untieUrl(g.id, g.untieVersion)]),
  );
}
