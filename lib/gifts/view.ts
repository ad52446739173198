import type { Prisma } from "@/lib/generated/prisma/client";

/** Everything a gift response shows (and cancel needs): the row's fields, relations, history. */
export const GIFT_VIEW_SELECT = {
  id: true,
  teamId: true,
  livemode: true,
  recipientName: true,
  deliveryMethod: true,
  email: true,
  ccEmail: true,
  subject: true,
  message: true,
  from: true,
  scheduledAt: true,
  expiresOn: true,
  stage: true,
  lastEventAt: true,
  collectionId: true,
  designId: true,
  logoId: true,
  priceCents: true,
  chargeId: true,
  thankYouNote: true,
  selectedProductId: true,
  variantId: true,
  redemptionEmail: true,
  address: true,
  createdAt: true,
  selectedProduct: { select: { id: true, name: true } },
  variant: { select: { id: true, name: true } },
  sender: { select: { id: true, name: true, email: true } },
  collection: true,
  logo: true,
  design: true,
  events: { orderBy: { id: "asc" }, select: { stage: true, message: true, createdAt: true } },
} as const satisfies Prisma.GiftSelect;

export type GiftView = Prisma.GiftGetPayload<{ select: typeof GIFT_VIEW_SELECT }>;
