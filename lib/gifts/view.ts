import type { Prisma } from "@/lib/generated/prisma/client";

/** Everything a gift response shows: the row, its relations and its history. */
export const GIFT_VIEW_INCLUDE = {
  sender: { select: { id: true, name: true, email: true } },
  collection: true,
  logo: true,
  design: true,
  events: { orderBy: { id: "asc" } },
} as const satisfies Prisma.GiftInclude;

export type GiftView = Prisma.GiftGetPayload<{ include: typeof GIFT_VIEW_INCLUDE }>;
