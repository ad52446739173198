import "server-only";
import type { PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { CHOICE_PRODUCT_SELECT } from "@/lib/catalogue/queries";
import { moveGift } from "./stages";

const UNTIE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const isUntieToken = (value: unknown): value is string => typeof value === "string" && UNTIE_TOKEN.test(value);

export type UntieGift = NonNullable<Awaited<ReturnType<typeof findGiftByUntieToken>>>;

/** What the recipient's page shows: the gift card, the collection to choose from, and what was chosen. */
export async function findGiftByUntieToken(db: PrismaClient, token: string) {
  if (!isUntieToken(token)) return null;
  return db.gift.findUnique({
    where: { untieTokenHash: sha256(token) },
    select: {
      id: true,
      teamId: true,
      collectionId: true,
      priceCents: true,
      stage: true,
      deliveryMethod: true,
      livemode: true,
      email: true,
      recipientName: true,
      message: true,
      from: true,
      expiresOn: true,
      scheduledAt: true,
      locale: true,
      sender: { select: { name: true } },
      design: { select: { name: true, imageUrl: true, hasLogo: true } },
      logo: { select: { name: true, imageUrl: true } },
      collection: {
        select: {
          name: true,
          description: true,
          products: {
            orderBy: { position: "asc" },
            select: CHOICE_PRODUCT_SELECT,
          },
        },
      },
      selectedProduct: { select: { name: true, description: true, imageUrl: true } },
      variant: { select: { name: true } },
      donatedTo: { select: { name: true } },
      address: true,
      thankYouNote: true,
      carrier: true,
      trackingNumber: true,
      trackingUrl: true,
      events: { orderBy: { id: "asc" }, select: { stage: true, createdAt: true } },
    },
  });
}

/**
 * The recipient's browser showed the untie page (it POSTs once rendered; a bare GET or
 * HEAD, e.g. a mail scanner, changes nothing). Returns false for an unknown secret or a
 * gift that doesn't open now.
 */
export async function openGiftByUntieToken(db: PrismaClient, token: string): Promise<boolean> {
  if (!isUntieToken(token)) return false;
  const gift = await db.gift.findUnique({
    where: { untieTokenHash: sha256(token) },
    select: { id: true, stage: true, deliveryMethod: true },
  });
  return gift ? markGiftOpened(db, gift) : false;
}

/**
 * The recipient opened the untie page: a sent email gift, or a link gift, moves to
 * `opened` (once). An email gift not sent yet stays `scheduled`, so a sender previewing
 * the page doesn't stop its email.
 */
export async function markGiftOpened(
  db: PrismaClient,
  gift: { id: string; stage: string; deliveryMethod: string },
): Promise<boolean> {
  const opensNow = gift.stage === "sent" || (gift.stage === "scheduled" && gift.deliveryMethod === "link");
  if (!opensNow) return false;
  return db.$transaction((tx) => moveGift(tx, gift.id, "opened"));
}
