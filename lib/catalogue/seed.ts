import type { Tx } from "@/lib/db";
import { SANDBOX_TEAM } from "@/lib/teams/constants";
import { seedCharities, seedCollections, seedDesigns, seedLogos } from "./seed-data";

/**
 * Makes the global catalogue, the charities and the shared sandbox team match `seed-data.ts`.
 * Idempotent: every row is keyed by its slug, so a second run changes nothing.
 */
export async function seedCatalogue(db: Tx): Promise<void> {
  await db.team.upsert({ where: { id: SANDBOX_TEAM.id }, create: { ...SANDBOX_TEAM }, update: {} });

  for (const c of seedCollections) {
    const fields = {
      name: c.name,
      description: c.description,
      priceCents: c.priceCents,
      imageUrl: c.imageUrl,
      global: true,
    };
    const collection = await db.collection.upsert({
      where: { slug: c.slug },
      create: { slug: c.slug, ...fields },
      update: fields,
    });
    for (const [position, p] of c.products.entries()) {
      const productFields = {
        name: p.name,
        description: p.description,
        imageUrl: p.imageUrl,
        position,
        collectionId: collection.id,
        shipsTo: [...p.shipsTo],
      };
      const product = await db.product.upsert({
        where: { slug: p.slug },
        create: { slug: p.slug, ...productFields },
        update: productFields,
      });
      for (const [variantPosition, v] of (p.variants ?? []).entries()) {
        const variantFields = { size: v.size ?? null, color: v.color ?? null, position: variantPosition };
        await db.productVariant.upsert({
          where: { productId_name: { productId: product.id, name: v.name } },
          create: { productId: product.id, name: v.name, ...variantFields },
          update: variantFields,
        });
      }
    }
  }

  for (const d of seedDesigns) {
    const fields = {
      name: d.name,
      hasLogo: d.hasLogo,
      imageUrl: d.imageUrl,
      thumbnailUrl: d.thumbnailUrl,
      global: true,
    };
    await db.design.upsert({ where: { id: d.slug }, create: { id: d.slug, ...fields }, update: fields });
  }

  for (const l of seedLogos) {
    const fields = { name: l.name, imageUrl: l.imageUrl, isDefault: l.isDefault, global: true };
    await db.logo.upsert({ where: { slug: l.slug }, create: { slug: l.slug, ...fields }, update: fields });
  }

  for (const [position, c] of seedCharities.entries()) {
    const fields = { name: c.name, logoUrl: c.logoUrl, sentence: c.sentence, position };
    await db.charity.upsert({ where: { slug: c.slug }, create: { slug: c.slug, ...fields }, update: fields });
  }
}
