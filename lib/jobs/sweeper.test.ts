import { afterEach, describe, expect, test, vi } from "vitest";
import { allowLongTransaction } from "@/lib/database/transaction-budget";
import { randomBytes } from "node:crypto";
import { setDatabase, type PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { catalogue, chargeFor, createAccount, giftRow, insertGift } from "@/lib/testing/fixtures";
import { fakeTransport } from "@/lib/testing/fake-transport";
import type { MailTransport } from "@/lib/outbox";
import { openTwoHandles } from "@/lib/testing/two-handles";
import { createSweeper, startSweeper, stopSweeper } from "./sweeper";
import { waitFor } from "@/lib/testing/wait-for";

/** Inserts `count` due live email gifts in two statements (one insert each would take ages on PGlite). */
async function insertDueGifts(
  db: PrismaClient,
  owner: { teamId: string; senderId: string },
  count: number,
): Promise<string[]> {
  const cat = await catalogue(db);
  const now = new Date();
  const ids = Array.from({ length: count }, () => `gft_${randomBytes(12).toString("hex")}`);
  const charge = await chargeFor(
    db,
    ids.map(() => ({ teamId: owner.teamId, priceCents: cat.collection.priceCents })),
  );
  await db.gift.createMany({
    data: ids.map((id, i) =>
      giftRow(
        cat,
        {
          id,
          ...owner,
          recipientName: `Recipient ${i}`,
          email: `r${i}@example.test`,
          subject: "You got a gift",
          message: `Message ${i}`,
          from: "Load test",
          scheduledAt: new Date(now.getTime() - (i % 60) * 1000),
          chargeId: charge.id,
        },
        now,
      ),
    ),
  });
  await db.giftEvent.createMany({ data: ids.map((giftId) => ({ giftId, stage: "scheduled", createdAt: now })) });
  return ids;
}

afterEach(() => vi.unstubAllEnvs());

// Enough due gifts that both sweepers claim batches while the other is mid-run (batches of 50, three lanes each);
// the stall test's jobs case runs the sweeper over 10,000 due emails on the production server.
const DUE = 400;

describe("the in-process sweeper", () => {
  test(`two sweepers over ${DUE} due gifts send exactly ${DUE} emails, one per gift`, async () => {
    const handles = await openTwoHandles();
    const sweepers: ReturnType<typeof createSweeper>[] = [];
    try {
      const { user, team } = await createAccount(handles.a);
      const ids = await insertDueGifts(handles.a, { teamId: team.id, senderId: user.id }, DUE);
      const [ta, tb] = [fakeTransport(), fakeTransport()];
      // Two sweepers (two instances in production, each its own process) share this test's one
      // thread: each one's email rendering runs between the other's statements and stretches its
      // transactions past the budget. Their transactions are still logged, not held to it.
      const sharingOneThread = "two sweepers in one test process: in production each instance has its own";
      allowLongTransaction(sharingOneThread, () => {
        sweepers.push(createSweeper({ db: async () => handles.a, transport: ta, intervalMs: 10 }));
        sweepers.push(createSweeper({ db: async () => handles.b, transport: tb, intervalMs: 10 }));
      });

      await waitFor(async () => (await handles.a.gift.count({ where: { stage: "sent" } })) === DUE, {
        timeoutMs: 150_000,
        what: `${DUE} gifts sent`,
      });
      await Promise.all(sweepers.map((s) => s.stop()));

      expect(ta.calls + tb.calls).toBe(DUE);
      expect(ta.calls).toBeGreaterThan(0); // both really swept
      expect(tb.calls).toBeGreaterThan(0);
      const keys = [...ta.sent, ...tb.sent].map((m) => m.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set(ids.map((id) => `gift-email-${id}`)));
      expect(keys).toHaveLength(DUE);
      expect(await handles.a.gift.count({ where: { deliveryAttempts: { not: 1 } } })).toBe(0);
      expect(await handles.a.emailOutbox.count()).toBe(DUE);
      expect(await handles.a.giftEvent.count({ where: { stage: "sent" } })).toBe(DUE);
    } finally {
      await Promise.all(sweepers.map((s) => s.stop()));
      await handles.close();
    }
  }, 180_000);

  test("runs never overlap, even when a run takes longer than the interval", async () => {
    const database = await openTestDatabase();
    const sweeper = { current: undefined as ReturnType<typeof createSweeper> | undefined };
    try {
      const db = database.prisma;
      const { user, team } = await createAccount(db);
      for (let i = 0; i < 3; i++) await insertGift(db, { teamId: team.id, senderId: user.id });
      let inFlight = 0;
      let maxInFlight = 0;
      const slow: MailTransport = {
        name: "slow",
        async send() {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await new Promise((r) => setTimeout(r, 150));
          inFlight--;
          return { status: "sent", providerId: null };
        },
      };
      // One gift per batch, one lane: overlapping runs would each claim a gift and send at the same time.
      sweeper.current = createSweeper({ db: async () => db, transport: slow, intervalMs: 1, batchSize: 1, lanes: 1 });
      await Promise.all([sweeper.current.runOnce(), sweeper.current.runOnce(), sweeper.current.runOnce()]);
      await waitFor(async () => (await db.gift.count({ where: { stage: "sent" } })) === 3, {
        what: "3 gifts sent",
      });
      expect(maxInFlight).toBe(1);
    } finally {
      await sweeper.current?.stop();
      await database.close();
    }
  });

  test("also expires gifts past their expiry date", async () => {
    const database = await openTestDatabase();
    try {
      const db = database.prisma;
      const { user, team } = await createAccount(db);
      const old = await insertGift(db, {
        teamId: team.id,
        senderId: user.id,
        stage: "sent",
        expiresOn: new Date("2020-01-01"),
      });
      const sweeper = createSweeper({ db: async () => db, transport: fakeTransport(), intervalMs: 60_000 });
      await sweeper.runOnce();
      await sweeper.stop();
      expect((await db.gift.findUniqueOrThrow({ where: { id: old.id } })).stage).toBe("expired");
    } finally {
      await database.close();
    }
  });

  test("startSweeper: off with RIBBON_SWEEPER=off or when Inngest schedules, otherwise one per process", async () => {
    const database = await openTestDatabase();
    setDatabase(database);
    try {
      vi.stubEnv("RIBBON_SWEEPER", "off");
      expect(startSweeper()).toBeNull();
      vi.stubEnv("RIBBON_SWEEPER", "on");
      vi.stubEnv("INNGEST_EVENT_KEY", "test-key");
      expect(startSweeper()).toBeNull();
      vi.stubEnv("INNGEST_EVENT_KEY", "");
      const sweeper = startSweeper();
      expect(sweeper).not.toBeNull();
      expect(startSweeper()).toBe(sweeper);
      await stopSweeper();
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  });
});
