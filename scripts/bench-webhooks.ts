// `npx tsx scripts/bench-webhooks.ts [events] [endpoints]`: webhook deliveries per second through
// the worker (fan-out from the event table, signing, HTTP POST, recording each attempt) to a
// loopback receiver, on a fresh database (PGlite; RIBBON_TEST_DB=pg for PostgreSQL).
import { performance } from "node:perf_hooks";
import { openTestDatabase } from "@/lib/testing/test-database";
import { catalogue, createAccount, giftRow } from "@/lib/testing/fixtures";
import { startReceiver } from "@/lib/testing/webhook-receiver";
import { createEndpoint, EVENT_TYPES, runWebhooks } from "@/lib/webhooks";

process.env.AUTH_SECRET ??= "bench-secret";
const events = Number(process.argv[2] ?? 2_000);
const endpoints = Number(process.argv[3] ?? 1);

const database = await openTestDatabase();
const receiver = await startReceiver();
try {
  const db = database.prisma;
  const { user, team } = await createAccount(db);
  const caller = {
    user: { id: user.id, name: user.name ?? "", email: user.email },
    mode: "live" as const,
    via: "token" as const,
    credentialId: 0,
  };
  for (let i = 0; i < endpoints; i++)
    await createEndpoint(db, caller, team, { url: `${receiver.url}/${i}`, eventTypes: [...EVENT_TYPES] });
  const cat = await catalogue(db);
  const rows = Array.from({ length: events }, () => giftRow(cat, { teamId: team.id, senderId: user.id }));
  await db.gift.createMany({ data: rows });
  await db.giftEvent.createMany({ data: rows.map((r) => ({ giftId: r.id, stage: "scheduled" })) });

  const start = performance.now();
  let delivered = 0;
  while (delivered < events * endpoints) {
    const summary = await runWebhooks(db, { allowPrivate: true, limit: 100, concurrency: 16, maxBatches: 1_000 });
    if (summary.attempts === 0 && summary.events === 0) throw new Error(`stalled at ${delivered}`);
    delivered += summary.succeeded;
  }
  const seconds = (performance.now() - start) / 1000;
  if (receiver.received.length !== delivered)
    throw new Error(`receiver got ${receiver.received.length}, expected ${delivered}`);
  console.log(
    `${database.kind}: ${delivered} webhooks (${events} events × ${endpoints} endpoint(s)) in ${seconds.toFixed(2)} s = ${(delivered / seconds).toFixed(0)} deliveries/s`,
  );
} finally {
  await receiver.close();
  await database.close();
}
