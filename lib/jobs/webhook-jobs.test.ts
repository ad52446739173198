import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { Inngest } from "inngest";
import { InngestTestEngine } from "@inngest/test";
import { moveGift } from "@/lib/gifts/stages";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { insertGift } from "@/lib/testing/fixtures";
import { startReceiver, type Receiver } from "@/lib/testing/webhook-receiver";
import { createEndpoint, EVENT_TYPES } from "@/lib/webhooks";
import { createFunctions } from "./functions";
import { createSweeper } from "./sweeper";

// Both schedulers run the same webhook worker (lib/webhooks/run.ts).
const t = databaseWithOwner();
let receiver: Receiver;
beforeAll(async () => {
  vi.stubEnv("RIBBON_WEBHOOKS_ALLOW_PRIVATE", "1");
  receiver = await startReceiver(3248);
  const user = await t.db.user.findUniqueOrThrow({ where: { id: t.owner.senderId } });
  const caller = {
    user: { id: user.id, name: user.name ?? "", email: user.email },
    mode: "live" as const,
    via: "token" as const,
    credentialId: 0,
  };
  await createEndpoint(
    t.db,
    caller,
    { id: t.owner.teamId, name: "Team" },
    { url: receiver.url, eventTypes: [...EVENT_TYPES] },
  );
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await receiver?.close();
});

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

describe("webhook jobs", () => {
  test("the in-process sweeper delivers webhooks for new events on each run", async () => {
    const before = receiver.received.length;
    const gift = await insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() + 3_600_000) });
    await t.db.$transaction((tx) => moveGift(tx, gift.id, "cancelled"));
    const sweeper = createSweeper({ db: async () => t.db, intervalMs: 60_000 });
    try {
      await sweeper.runOnce();
    } finally {
      await sweeper.stop();
    }
    expect(
      receiver.received
        .slice(before)
        .map((r) => JSON.parse(r.body).type)
        .sort(),
    ).toEqual(["gift.cancelled", "gift.scheduled"]);
  });

  test("the Inngest cron dispatch-webhooks runs the same worker", async () => {
    const client = new Inngest({ id: "ribbon-test", isDev: true, logger: quiet, internalLogger: quiet });
    const fns = createFunctions(client, { db: async () => t.db });
    const before = receiver.received.length;
    await insertGift(t.db, { ...t.owner, scheduledAt: new Date(Date.now() + 3_600_000) });
    const { result } = await new InngestTestEngine({ function: fns.dispatchWebhooks }).execute();
    expect(result).toMatchObject({ events: 1, deliveries: 1, succeeded: 1 });
    expect(receiver.received.length - before).toBe(1);
  });
});
