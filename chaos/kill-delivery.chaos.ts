// kill -9 in the middle of delivering 2,000 due emails (docs/reliability.md).
import { afterAll, expect, test } from "vitest";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { messageId } from "@/lib/webhooks/deliver";
import { startReceiver } from "@/lib/testing/webhook-receiver";
import {
  cleanUp,
  createScratchDatabase,
  openDb,
  OVERLAPPING_QUERY,
  seedAccount,
  seedDueGifts,
  sleep,
  startServer,
} from "./harness";

afterAll(cleanUp);

const GIFTS = 2_000;

test("a restarted server takes over a killed one's claims within 30 s: every email sent once, every webhook delivered with its one webhook-id", async () => {
  const url = await createScratchDatabase("kill");
  const database = await openDb(url);
  const db = database.prisma;
  const account = await seedAccount(database);
  const receiver = await startReceiver(4111);
  afterAll(() => receiver.close());
  const caller = {
    user: { id: account.user.id, name: account.user.name ?? "", email: account.user.email },
    mode: "live" as const,
    via: "token" as const,
    credentialId: 0,
  };
  await createEndpoint(db, caller, account.team, { url: receiver.url, eventTypes: ["gift.sent"] });
  await seedDueGifts(database, account, GIFTS, "kill");

  const server = await startServer(4110, {
    DATABASE_URL: url,
    RIBBON_SWEEPER_INTERVAL_MS: "250",
    RIBBON_WEBHOOKS_ALLOW_PRIVATE: "1",
  });
  const sent = () => db.emailOutbox.count({ where: { kind: "gift" } });
  while ((await sent()) < GIFTS / 2) await sleep(50);
  await server.proc.killHard();
  const killedAt = Date.now();
  const stranded = await db.gift.count({ where: { stage: "scheduled", deliveryLeaseUntil: { gt: new Date() } } });
  const sentAtKill = await sent();

  await server.restart();
  // Nothing stays scheduled: the dead process's claims are taken over once their lease runs out.
  let lastScheduled = Infinity;
  while (Date.now() - killedAt < 60_000 && (lastScheduled = await db.gift.count({ where: { stage: "scheduled" } })) > 0)
    await sleep(200);
  const allSentAfterMs = Date.now() - killedAt;
  expect(lastScheduled).toBe(0);
  expect(allSentAfterMs).toBeLessThan(30_000);

  const emails = await db.emailOutbox.groupBy({ by: ["giftId"], where: { kind: "gift" }, _count: true });
  expect(emails.length).toBe(GIFTS);
  expect(emails.filter((e) => e._count !== 1)).toEqual([]);
  expect(await db.gift.count({ where: { stage: { not: "sent" } } })).toBe(0);

  // Webhooks: at least once each, every copy with its message's one webhook-id (one per event).
  const succeeded = () => db.webhookDelivery.count({ where: { status: "succeeded" } });
  for (let i = 0; i < 300 && (await succeeded()) < GIFTS; i++) await sleep(200);
  expect(await succeeded()).toBe(GIFTS);
  const deliveries = await db.webhookDelivery.findMany({ select: { eventId: true } });
  expect(deliveries.length).toBe(GIFTS);
  const ids = new Set(deliveries.map((d) => messageId(d.eventId)));
  const received = receiver.received.map((r) => String(r.headers["webhook-id"]));
  expect(received.filter((id) => !ids.has(id))).toEqual([]);
  expect(new Set(received).size).toBe(GIFTS);
  expect(server.proc.output).not.toContain(OVERLAPPING_QUERY);

  console.log(
    JSON.stringify({
      figure: "kill-delivery",
      sentAtKill,
      strandedClaims: stranded,
      allSentAfterMs,
      webhookCopies: received.length,
      webhookIds: new Set(received).size,
    }),
  );
});
