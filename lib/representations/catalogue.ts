import type { Collection, Design, Logo, Product, ProductVariant } from "@/lib/generated/prisma/client";
import { CURRENCY, formatMoney } from "@/lib/money";
import type { ResourceObject } from "./resource";
import { absoluteUrl } from "@/lib/urls";
import type { CharityChoice } from "@/lib/catalogue/charities";

export function serializeCollection(c: Collection): ResourceObject {
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
