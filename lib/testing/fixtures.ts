import type { PrismaClient } from "@/lib/db";
import { randomSecret } from "@/lib/crypto";
import { setCard } from "@/lib/billing";
import { seedCatalogue } from "@/lib/catalogue/seed";
import { createTeam } from "@/lib/teams";
import { createDeveloperTokens } from "@/lib/tokens";
import { untieTokenHash } from "@/lib/untie";
import type { Prisma } from "@/lib/generated/prisma/client";

let counter = 0;

/** A user with a live team (card 4242… unless told otherwise) and both developer tokens. */
export async function createAccount(db: PrismaClient, opts: { card?: string | null; teamName?: string } = {}) {
  const n = ++counter;
  const user = await db.user.create({ data: { email: `user${n}-${randomSecret(4)}@example.test`, name: `User ${n}` } });
  const team = await createTeam(db, { name: opts.teamName ?? `Team ${n}`, ownerId: user.id });
  if (opts.card !== null) await setCard(db, { teamId: team.id, number: opts.card ?? "4242424242424242" });
  const tokens = await createDeveloperTokens(db, user.id);
  return { user, team, tokens };
}

/** Seeds the global catalogue (idempotent) and returns handy rows from it. */
export async function catalogue(db: PrismaClient) {
  await seedCatalogue(db);
  const collection = await db.collection.findFirstOrThrow({ where: { global: true }, orderBy: { id: "asc" } });
  const design = await db.design.findFirstOrThrow({ orderBy: { id: "asc" } });
  const logo = await db.logo.findFirstOrThrow({ where: { isDefault: true } });
  return { collection, design, logo };
}

type GiftData = Partial<Prisma.GiftCreateManyInput> & { teamId: string; senderId: string };

/**
 * A gift row as the database holds it, bypassing the API rules: defaults to a live email
 * gift due now, with the catalogue's first collection, design and default logo.
 */
export function giftRow(
  cat: Awaited<ReturnType<typeof catalogue>>,
  data: GiftData,
  now = new Date(),
): Prisma.GiftCreateManyInput {
  const id = data.id ?? `gft_${randomSecret(16)}`;
  return {
    id,
    livemode: true,
    recipientName: "Robin Recipient",
    deliveryMethod: "email",
    email: "robin@example.test",
    subject: "User Sent You A Gift!",
    message: "Thank you for everything this year.",
    from: "The Team",
    scheduledAt: now,
    stage: "scheduled",
    lastEventAt: now,
    untieTokenHash: untieTokenHash(id),
    collectionId: cat.collection.id,
    designId: cat.design.id,
    logoId: cat.logo.id,
    priceCents: cat.collection.priceCents,
    ...data,
  };
}

const UNPAID_STAGES = ["pending_approval", "rejected"];

/** Inserts one gift row (and its first event) for tests of code that acts on existing gifts. */
export async function insertGift(db: PrismaClient, data: GiftData) {
  const now = new Date();
  const row = giftRow(await catalogue(db), data, now);
  // A live gift is paid for (lib/gifts/stages.ts PAID_STAGES) unless it waits, or waited, for an
  // approval: give it its charge unless told otherwise (chargeId: null).
  if (row.livemode && row.chargeId === undefined && !UNPAID_STAGES.includes(row.stage ?? "scheduled"))
    row.chargeId = (await chargeFor(db, [row])).id;
  return db.gift.create({ data: { ...row, events: { create: { stage: "scheduled", createdAt: now } } } });
}

/** The charge that pays for some gift rows (as a create would have made it), for rows written around the API. */
export function chargeFor(db: PrismaClient, rows: Pick<Prisma.GiftCreateManyInput, "teamId" | "priceCents">[]) {
  return db.charge.create({
    data: {
      teamId: rows[0].teamId,
      kind: "charge",
      amountCents: rows.reduce((sum, r) => sum + r.priceCents, 0),
      description: `${rows.length} test ${rows.length === 1 ? "gift" : "gifts"}`,
      cardLast4: "4242",
    },
  });
}
