import "server-only";
import type { PrismaClient } from "@/lib/db";
import { sha256 } from "@/lib/crypto";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { variantPicture } from "@/lib/catalogue/variant-art";
import { Prisma } from "@/lib/generated/prisma/client";
import { CHARITIES_JSON, type CharityChoice } from "@/lib/catalogue/charities";
import { collectionProductsJson, type ChoiceProduct } from "@/lib/catalogue/queries";
import { swapProductsJson } from "@/lib/catalogue/swap";
import { catalogueIn } from "@/lib/catalogue/localized";
import type { Locale } from "@/lib/i18n/locales";
import { moveGift } from "./stages";

const UNTIE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const isUntieToken = (value: unknown): value is string => typeof value === "string" && UNTIE_TOKEN.test(value);

/** What the recipient's page shows: the gift card, the collection to choose from, and what was chosen. */
export type UntieGift = {
  id: string;
  teamId: string;
  collectionId: number;
  priceCents: number;
  stage: string;
  deliveryMethod: string;
  livemode: boolean;
  email: string | null;
  recipientName: string;
  message: string;
  from: string;
  expiresOn: Date | null;
  scheduledAt: Date | null;
  locale: string | null;
  /** The country the sender named for the recipient (ISO 3166-1 alpha-2), or null. */
  recipientCountry: string | null;
  address: unknown;
  thankYouNote: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  design: { id: string; name: string; imageUrl: string; hasLogo: boolean } | null;
  logo: { name: string; imageUrl: string };
  collection: { slug: string; name: string; description: string; products: ChoiceProduct[] };
  selectedProduct: { slug: string; name: string; description: string; imageUrl: string } | null;
  /** `imageUrl`: the chosen product's picture in this variant's colour (set by untieGiftIn). */
  variant: { name: string; size: string | null; color: string | null; imageUrl?: string } | null;
  donatedTo: { slug: string; name: string } | null;
  events: { stage: string; createdAt: Date }[];
  /** While the gift is open to a choice (else empty): the team's swap products and the charities. */
  swapProducts: ChoiceProduct[];
  charities: CharityChoice[];
};

type UntieRow = Omit<UntieGift, "events"> & { events: { stage: string; createdAt: string }[] };

/** A stage where the recipient may still choose (or donate, or decline): the page offers the choice. */
const OPEN_TO_CHOICE_SQL = Prisma.sql`(g."stage" IN ('sent', 'opened') OR (g."stage" = 'scheduled' AND g."deliveryMethod" = 'link'))`;

/**
 * The recipient's page in one statement (the page is what a burst of recipients opens at 9:00):
 * the gift, its card, its collection's products with their variants, what was chosen, its
 * events and, while it is open to a choice, the swap products and the charities.
 */
export async function findGiftByUntieToken(db: Queryable, token: string): Promise<UntieGift | null> {
  if (!isUntieToken(token)) return null;
  const [row] = await queryRows<UntieRow>(
    db,
    Prisma.sql`
      SELECT g."id", g."teamId", g."collectionId", g."priceCents", g."stage", g."deliveryMethod", g."livemode",
             g."email", g."recipientName", g."message", g."from", g."expiresOn", g."scheduledAt", g."locale", g."recipientCountry",
             g."address", g."thankYouNote", g."carrier", g."trackingNumber", g."trackingUrl",
             (SELECT json_build_object('id', d."id", 'name', d."name", 'imageUrl', d."imageUrl", 'hasLogo', d."hasLogo")
                FROM "Design" d WHERE d."id" = g."designId") AS "design",
             (SELECT json_build_object('name', l."name", 'imageUrl', l."imageUrl") FROM "Logo" l WHERE l."id" = g."logoId") AS "logo",
             (SELECT json_build_object('slug', c."slug", 'name', c."name", 'description', c."description",
                                       'products', ${collectionProductsJson(Prisma.sql`c."id"`)})
                FROM "Collection" c WHERE c."id" = g."collectionId") AS "collection",
             (SELECT json_build_object('slug', p."slug", 'name', p."name", 'description', p."description", 'imageUrl', p."imageUrl")
                FROM "Product" p WHERE p."id" = g."selectedProductId") AS "selectedProduct",
             (SELECT json_build_object('name', v."name", 'size', v."size", 'color', v."color") FROM "ProductVariant" v WHERE v."id" = g."variantId") AS "variant",
             (SELECT json_build_object('slug', ch."slug", 'name', ch."name") FROM "Charity" ch WHERE ch."id" = g."donatedToCharityId") AS "donatedTo",
             (SELECT coalesce(json_agg(json_build_object('stage', e."stage", 'createdAt', e."createdAt") ORDER BY e."id"), '[]')
                FROM "GiftEvent" e WHERE e."giftId" = g."id") AS "events",
             CASE WHEN ${OPEN_TO_CHOICE_SQL}
                  THEN ${swapProductsJson({
                    teamId: Prisma.sql`g."teamId"`,
                    collectionId: Prisma.sql`g."collectionId"`,
                    livemode: Prisma.sql`g."livemode"`,
                    priceCents: Prisma.sql`g."priceCents"`,
                  })}
                  ELSE '[]' END AS "swapProducts",
             CASE WHEN ${OPEN_TO_CHOICE_SQL} THEN ${CHARITIES_JSON} ELSE '[]' END AS "charities"
        FROM "Gift" g
       WHERE g."untieTokenHash" = ${sha256(token)}`,
  );
  if (!row) return null;
  // Timestamps inside JSON come without their zone: they are UTC, as every timestamp Ribbon stores.
  return { ...row, events: row.events.map((e) => ({ stage: e.stage, createdAt: new Date(`${e.createdAt}Z`) })) };
}

/**
 * The gift as the recipient reads it in their language: the collection, its products and their
 * variants, the swap products, the charities, the card's design and what was chosen or donated to,
 * in the locale (`catalogueIn`; English where a text has no translation). The sender's own words
 * (message, from) stay as written.
 */
export function untieGiftIn(gift: UntieGift, locale: Locale): UntieGift {
  const words = catalogueIn(locale);
  // Each variant's picture from its stored colour, before the words (the colour's name) are translated.
  const product = (p: ChoiceProduct): ChoiceProduct => ({
    ...words.product(p),
    variants: p.variants.map((v) => ({ ...words.variant(v), imageUrl: variantPicture(p, v) })),
  });
  return {
    ...gift,
    design: gift.design && words.design(gift.design),
    collection: { ...words.collection(gift.collection), products: gift.collection.products.map(product) },
    selectedProduct: gift.selectedProduct && words.product(gift.selectedProduct),
    variant: gift.variant && {
      ...words.variant(gift.variant),
      ...(gift.selectedProduct && { imageUrl: variantPicture(gift.selectedProduct, gift.variant) }),
    },
    donatedTo: gift.donatedTo && words.charity(gift.donatedTo),
    swapProducts: gift.swapProducts.map(product),
    charities: gift.charities.map((c) => words.charity(c)),
  };
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
