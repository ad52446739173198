import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Where products can go: each product's `shipsTo` (ISO 3166-1 alpha-2 codes, checked by
 * lib/format/countries.ts; an empty list ships nowhere, never "everywhere"). The one home of the
 * rule "this product reaches that country": the untie page's offer, the redemption's check, the
 * collection's countries in the API and the create's refusal all ask here. The database holds the
 * same rule for every write of a choice (the `gift_choice_ships_to_address` trigger, migration
 * `…_ships_to`). Donations go to charities, not through a warehouse: they reach every country.
 */
export const reaches = (product: { shipsTo: readonly string[] }, country: string): boolean =>
  product.shipsTo.includes(country);

/** The products that reach `country`, in their order. */
export const reaching = <P extends { shipsTo: readonly string[] }>(products: P[], country: string): P[] =>
  products.filter((p) => reaches(p, country));

/** The countries a collection's products reach (`collectionId`: an SQL expression), as a sorted text[]: its `countries`. */
export const collectionCountriesSql = (collectionId: Prisma.Sql) =>
  Prisma.sql`ARRAY(SELECT DISTINCT country FROM "Product" p, unnest(p."shipsTo") AS country
                   WHERE p."collectionId" = ${collectionId} ORDER BY country)`;
