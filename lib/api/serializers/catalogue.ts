import type { Collection, Product, ProductVariant } from "@/lib/generated/prisma/client";
import { serializeCollection, serializeProduct } from "@/lib/representations/catalogue";

type CollectionWithProducts = Collection & { products: (Product & { variants: ProductVariant[] })[] };

/** `GET /collections`: each collection with relationships to its products, the products (with variants) in `included`. */
export function collectionListDocument(collections: CollectionWithProducts[]) {
  return {
    data: collections.map((c) => ({
      ...serializeCollection(c),
      relationships: { products: { data: c.products.map((p) => ({ type: "products", id: String(p.id) })) } },
    })),
    included: collections.flatMap((c) => c.products.map(serializeProduct)),
  };
}
