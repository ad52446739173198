import type { Collection, Design, Logo, Product, ProductVariant } from "@/lib/generated/prisma/client";
import { CURRENCY, formatMoney } from "@/lib/money";
import type { ResourceObject } from "./resource";
import { absoluteUrl } from "@/lib/urls";
import type { CharityChoice } from "@/lib/catalogue/charities";

/**
 * A collection. With its products (GET /collections, where they are its `relationships.products`)
 * it also says `countries`: every country at least one of them reaches (ISO 3166-1 alpha-2,
 * sorted); a gift's `included` collection comes without its products, so without them.
 */
export function serializeCollection(c: Collection & { products?: { shipsTo: string[] }[] }): ResourceObject {
  return {
    type: "collections",
    id: String(c.id),
    attributes: {
      name: c.name,
      global: c.global,
      price: formatMoney(c.priceCents),
      currency: CURRENCY,
      description: c.description,
      "image-url": absoluteUrl(c.imageUrl),
      ...(c.products ? { countries: [...new Set(c.products.flatMap((p) => p.shipsTo))].sort() } : {}),
    },
  };
}

export function serializeProduct(p: Product & { variants: ProductVariant[] }): ResourceObject {
  return {
    type: "products",
    id: String(p.id),
    attributes: {
      name: p.name,
      description: p.description,
      "image-url": absoluteUrl(p.imageUrl),
      // Where it can go (and its variants with it): ISO 3166-1 alpha-2 codes, sorted; [] ships nowhere.
      "ships-to": [...p.shipsTo].sort(),
      variants: p.variants.map((v) => ({ id: String(v.id), name: v.name, size: v.size, color: v.color })),
    },
  };
}

export function serializeDesign(d: Design): ResourceObject {
  return {
    type: "designs",
    id: d.id,
    attributes: {
      name: d.name,
      global: d.global,
      "has-logo": d.hasLogo,
      "image-url": absoluteUrl(d.imageUrl),
      "thumbnail-url": absoluteUrl(d.thumbnailUrl),
    },
  };
}

export function serializeLogo(l: Logo): ResourceObject {
  return {
    type: "logos",
    id: String(l.id),
    attributes: { name: l.name, global: l.global, "image-url": absoluteUrl(l.imageUrl) },
  };
}

export function serializeCharity(c: CharityChoice): ResourceObject {
  return {
    type: "charities",
    id: c.slug,
    attributes: { name: c.name, sentence: c.sentence, "logo-url": absoluteUrl(c.logoUrl) },
  };
}
