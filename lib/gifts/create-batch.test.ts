import { beforeAll, describe, expect, it } from "vitest";
import { onTeam, type SessionActor, type TeamActor } from "@/lib/actor";
import { BillingError, HttpError, ValidationError } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/database/errors";
import { addMember } from "@/lib/teams";
import { catalogue, createAccount } from "@/lib/testing/fixtures";
import { createPerson, processDatabaseForFile } from "@/lib/testing/teams";
import { createBatch, MAX_BATCH_HISTORY_MESSAGES, type BatchGroup } from "./create-batch";
import { listMessages } from "./messages";
import type { RecipientDraft } from "./schema";

const t = processDatabaseForFile();
let owner: TeamActor<SessionActor>;
let viewer: TeamActor<SessionActor>;
let collections: { id: number; name: string; priceCents: number }[];
let designId: string;

const person = (user: { id: string; name: string | null; email: string }, mode: "live" | "sandbox" = "live") =>
  ({ user, mode, via: "session", credentialId: null }) as SessionActor;
const recipient = (i: number, over: Partial<RecipientDraft> = {}): RecipientDraft => ({
  pointer: `/row/${i}`,
  name: `Person ${i}`,
  deliveryMethod: "email",
  email: `person${i}@example.test`,
  ccEmail: null,
  from: `Sender ${i}`,
  scheduledAt: new Date(Date.now() + 3_600_000),
  expiresOn: null,
  locale: null,
  reminders: null,
  timeZone: null,
  ...over,
});
const counts = async () => ({
  gifts: await t.db.gift.count(),
  charges: await t.db.charge.count(),
  batches: await t.db.giftBatch.count(),
  events: await t.db.giftEvent.count(),
  keys: await t.db.idempotencyKey.count(),
});
async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  const account = await createAccount(t.db);
  owner = await onTeam(t.db, person(account.user), account.team.id);
  const someone = await createPerson(t.db);
  await addMember(t.db, account.team.id, someone.user.id, "viewer");
  viewer = await onTeam(t.db, person(someone.user), account.team.id);
  designId = (await catalogue(t.db)).design.id;
  collections = await t.db.collection.findMany({ where: { global: true }, orderBy: { id: "asc" }, take: 2 });
});

const mixedGroups = (): BatchGroup[] => [
  { collection: collections[0].name, message: "Thanks, team!", from: "", recipients: [recipient(1), recipient(2)] },
  {
    collection: String(collections[1].id),
    designId,
    message: "Happy holidays",
    from: "Acme",
    recipients: [recipient(3, { from: undefined }), recipient(4), recipient(5)],
  },
  { collection: collections[0].name, designId, message: "Welcome aboard", from: "", recipients: [recipient(6)] },
];

describe("createBatch", () => {
  it("creates every group's gifts in one batch with one charge of the summed prices", async () => {
    const before = await counts();
    const now = new Date();
    const batch = await createBatch(t.db, { actor: owner, groups: mixedGroups(), batchName: "Q4 thanks", now });
    const expected = collections[0].priceCents * 3 + collections[1].priceCents * 3;
    expect(batch).toMatchObject({ name: "Q4 thanks", size: 6, totalCents: expected, chargeCents: expected });
    const after = await counts();
    expect(after).toEqual({
      ...before,
      gifts: before.gifts + 6,
      charges: before.charges + 1,
      batches: before.batches + 1,
      events: before.events + 6,
    });

    const stored = await t.db.giftBatch.findUniqueOrThrow({ where: { id: batch.id } });
    expect(stored).toMatchObject({ name: "Q4 thanks", size: 6, livemode: true, teamId: owner.team.id });
    const charge = await t.db.charge.findUniqueOrThrow({ where: { id: batch.chargeId! } });
    expect(charge.amountCents).toBe(expected);
    expect(charge.actorVia).toBe("session");

    const gifts = await t.db.gift.findMany({ where: { batchId: batch.id }, orderBy: { recipientName: "asc" } });
    expect(gifts.map((g) => g.id).sort()).toEqual([...batch.giftIds].sort());
    expect(new Set(gifts.map((g) => g.chargeId))).toEqual(new Set([batch.chargeId]));
    expect(gifts.map((g) => [g.recipientName, g.collectionId, g.designId, g.message, g.from, g.priceCents])).toEqual([
      ["Person 1", collections[0].id, null, "Thanks, team!", "Sender 1", collections[0].priceCents],
      ["Person 2", collections[0].id, null, "Thanks, team!", "Sender 2", collections[0].priceCents],
      ["Person 3", collections[1].id, designId, "Happy holidays", "Acme", collections[1].priceCents],
      ["Person 4", collections[1].id, designId, "Happy holidays", "Sender 4", collections[1].priceCents],
      ["Person 5", collections[1].id, designId, "Happy holidays", "Sender 5", collections[1].priceCents],
      ["Person 6", collections[0].id, designId, "Welcome aboard", "Sender 6", collections[0].priceCents],
    ]);
    const messages = await t.db.giftMessage.findMany({ where: { teamId: owner.team.id, userId: owner.user.id } });
    expect(messages.map((m) => m.message).sort()).toEqual(["Happy holidays", "Thanks, team!", "Welcome aboard"]);
  });

  it("keeps each row's own message and from line when the collection and design are shared", async () => {
    const groups: BatchGroup[] = [1, 2, 3].map((i) => ({
      collection: collections[0].name,
      message: `Dear Person ${i}, thank you.`,
      from: "Acme",
      recipients: [recipient(i, { from: i === 2 ? undefined : `Sender ${i}` })],
    }));
    const batch = await createBatch(t.db, { actor: owner, groups, batchName: "personal", now: new Date() });
    const gifts = await t.db.gift.findMany({ where: { batchId: batch.id }, orderBy: { recipientName: "asc" } });
    expect(gifts.map((g) => [g.message, g.from])).toEqual([
      ["Dear Person 1, thank you.", "Sender 1"],
      ["Dear Person 2, thank you.", "Acme"],
      ["Dear Person 3, thank you.", "Sender 3"],
    ]);
    const history = await t.db.giftMessage.findMany({
      where: { userId: owner.user.id, message: { startsWith: "Dear" } },
    });
    expect(history.map((m) => m.message).sort()).toEqual(gifts.map((g) => g.message));
  });

  it("adds the batch's 100 most used messages to the history, the most used the newest; not its one-offs", async () => {
    const account = await createAccount(t.db);
    const sender = await onTeam(t.db, person(account.user), account.team.id);
    const oneOffs: BatchGroup[] = Array.from({ length: 150 }, (_, i) => ({
      collection: collections[0].name,
      message: `Dear Person ${i}, thank you.`,
      from: "Acme",
      recipients: [recipient(i)],
    }));
    const shared = (message: string, rows: number): BatchGroup => ({
      collection: collections[1].name,
      message,
      from: "Acme",
      recipients: Array.from({ length: rows }, (_, i) => recipient(1_000 + i)),
    });
    const groups = [...oneOffs, shared("Thanks, everyone!", 3), shared("Happy holidays", 2)];
    const batch = await createBatch(t.db, { actor: sender, groups, batchName: "mail merge", now: new Date() });
    expect(await t.db.gift.count({ where: { batchId: batch.id } })).toBe(155);

    const history = await listMessages(t.db, { teamId: account.team.id, userId: account.user.id, size: 200 });
    expect(history).toHaveLength(MAX_BATCH_HISTORY_MESSAGES);
    // Newest first: the most used, then the next, then the one-offs in the file's order (the first 98).
    expect(history.slice(0, 4).map((m) => m.message)).toEqual([
      "Thanks, everyone!",
      "Happy holidays",
      "Dear Person 0, thank you.",
      "Dear Person 1, thank you.",
    ]);
    expect(history.at(-1)!.message).toBe("Dear Person 97, thank you.");
  });

  it("lists a batch in the request's (the file's) order: one creation time, ids largest first in that order", async () => {
    const batch = await createBatch(t.db, {
      actor: owner,
      groups: mixedGroups(),
      batchName: "In order",
      now: new Date(),
    });
    // The dashboard's and the API's newest-first order: createdAt, then id, descending.
    const listed = await t.db.gift.findMany({
      where: { batchId: batch.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(new Set(listed.map((g) => g.createdAt.getTime())).size).toBe(1);
    expect(listed.map((g) => g.recipientName)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Person ${n}`));
  });

  it("charges nothing in the sandbox", async () => {
    const sandbox = await onTeam(t.db, person(owner.user, "sandbox"), undefined);
    const before = await t.db.charge.count();
    const batch = await createBatch(t.db, { actor: sandbox, groups: mixedGroups(), batchName: "", now: new Date() });
    expect(batch).toMatchObject({ name: "Bulk send of 6 gifts", chargeCents: 0, chargeId: null });
    expect(await t.db.charge.count()).toBe(before);
    const gifts = await t.db.gift.findMany({ where: { batchId: batch.id } });
    expect(gifts.every((g) => !g.livemode && g.priceCents === 0)).toBe(true);
  });

  it("writes nothing when a reference is unknown, the card declines, or a viewer asks", async () => {
    const before = await counts();
    const unknown = [
      ...mixedGroups(),
      { collection: "No Such Collection", message: "x", from: "y", recipients: [recipient(9)] },
    ];
    const error = await refusal(createBatch(t.db, { actor: owner, groups: unknown, batchName: "x", now: new Date() }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems[0].detail).toMatch(/No Such Collection/);

    const declining = await createAccount(t.db, { card: "4000000000000002" });
    const decliner = await onTeam(t.db, person(declining.user), declining.team.id);
    expect(
      await refusal(createBatch(t.db, { actor: decliner, groups: mixedGroups(), batchName: "x", now: new Date() })),
    ).toBeInstanceOf(BillingError);

    const refused = await refusal(
      createBatch(t.db, { actor: viewer, groups: mixedGroups(), batchName: "x", now: new Date() }),
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
    expect((refused as HttpError).code).toBe("member_required");
    expect(await counts()).toEqual(before);
  });

  it("two creates with the same idempotency key: one batch, one charge; the other fails on the key", async () => {
    const before = await counts();
    const idempotency = { ownerKey: `${owner.user.id}:live`, key: `test:${Date.now()}`, requestHash: "h" };
    const results = await Promise.allSettled([
      createBatch(t.db, { actor: owner, groups: mixedGroups(), batchName: "a", now: new Date(), idempotency }),
      createBatch(t.db, { actor: owner, groups: mixedGroups(), batchName: "a", now: new Date(), idempotency }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failed = results.find((r) => r.status === "rejected")!;
    expect(isUniqueViolation(failed.reason)).toBe(true);
    const after = await counts();
    expect(after).toMatchObject({
      gifts: before.gifts + 6,
      charges: before.charges + 1,
      batches: before.batches + 1,
      keys: before.keys + 1,
    });
  });

  it("creates 10,000 gifts in 8 groups with one charge (time logged, not asserted)", async () => {
    const groups: BatchGroup[] = Array.from({ length: 8 }, (_, g) => ({
      collection: String(collections[g % 2].id),
      designId: g % 3 === 0 ? designId : undefined,
      message: `Thank you for a wonderful year, message ${g}.`,
      from: "Acme",
      recipients: Array.from({ length: 1_250 }, (_, i) => recipient(g * 1_250 + i)),
    }));
    const before = await counts();
    const started = performance.now();
    const batch = await createBatch(t.db, { actor: owner, groups, batchName: "big", now: new Date() });
    console.log(`createBatch of 10,000 gifts in 8 groups: ${Math.round(performance.now() - started)} ms`);
    expect(batch.size).toBe(10_000);
    expect(await counts()).toMatchObject({
      gifts: before.gifts + 10_000,
      charges: before.charges + 1,
      batches: before.batches + 1,
    });
    expect(await t.db.gift.count({ where: { batchId: batch.id, chargeId: batch.chargeId } })).toBe(10_000);
  }, 60_000);
});
