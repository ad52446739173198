// PostgreSQL stops for 10 s under steady create load, then returns (docs/reliability.md).
import { afterAll, expect, test } from "vitest";
import {
  cleanUp,
  countStatuses,
  createCluster,
  giftBody,
  loop,
  openDb,
  OVERLAPPING_QUERY,
  request,
  seedAccount,
  sleep,
  startServer,
  type Answer,
} from "./harness";

afterAll(cleanUp);

test("while PostgreSQL is down creates answer 503 with Retry-After within 5 s; after it returns the same process serves 200s and loses nothing", async () => {
  const cluster = createCluster("chaos_pgdown", 55401);
  const database = await openDb(cluster.url);
  const account = await seedAccount(database);
  const server = await startServer(4101, { DATABASE_URL: cluster.url, RIBBON_SWEEPER_INTERVAL_MS: "500" });
  const create = `${server.url}/api/v1/teams/${account.team.id}/gifts`;
  const headers = { authorization: `Bearer ${account.tokens.live}`, "content-type": "application/json" };

  type Timed = Answer & { at: number };
  const answers: Timed[] = [];
  let phase: "before" | "down" | "back" = "before";
  const byPhase = { before: [] as Timed[], down: [] as Timed[], back: [] as Timed[] };
  let n = 0;
  let done = false;
  let stoppedAt = Infinity;
  const load = loop(
    4,
    () => done,
    async () => {
      const at = Date.now();
      const startedIn = phase;
      const answer = {
        ...(await request(create, { method: "POST", headers, body: giftBody(n++), timeoutMs: 20_000 })),
        at,
      };
      answers.push(answer);
      // A create still in flight when PostgreSQL stops meets the outage: it counts as "down"
      // (a 503 is its right answer), not as "before".
      byPhase[startedIn === "before" && Date.now() >= stoppedAt ? "down" : startedIn].push(answer);
      if (answer.status !== 200) await sleep(100);
    },
  );

  await sleep(3_000);
  phase = "down";
  stoppedAt = Date.now();
  cluster.stop();
  await sleep(10_000);
  cluster.start();
  const returnedAt = Date.now();
  phase = "back";
  await sleep(15_000);
  done = true;
  await load;

  expect(byPhase.before.length).toBeGreaterThan(10);
  expect(countStatuses(byPhase.before)).toEqual({ 200: byPhase.before.length });
  // While down (requests started during the outage): 503 JSON:API with Retry-After, fast; never a 500, HTML or a hang.
  const down = byPhase.down;
  expect(down.length).toBeGreaterThan(20);
  const statuses = countStatuses(down);
  expect(statuses).toEqual({
    503: down.filter((a) => a.status === 503).length,
    ...(statuses[200] ? { 200: statuses[200] } : {}),
  });
  for (const a of down.filter((x) => x.status === 503)) {
    expect(a.contentType).toContain("application/vnd.api+json");
    expect(Number(a.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(a.body).errors[0].code).toBe("service_unavailable");
  }
  expect(Math.max(...down.map((a) => a.ms))).toBeLessThan(5_000);
  // Back: a 200 (the create answer) within 15 s of the return, from the same process.
  const firstBack = answers.filter((a) => a.at >= returnedAt && a.status === 200).sort((a, b) => a.at - b.at)[0];
  expect(firstBack).toBeDefined();
  expect(firstBack.at + firstBack.ms - returnedAt).toBeLessThan(15_000);
  expect(server.proc.alive).toBe(true);

  // Every acknowledged gift exists once, with its one charge and its first event; no charge lacks its gift.
  const acknowledged = answers
    .filter((a) => a.status === 200)
    .map((a) => (JSON.parse(a.body) as { data: { id: string } }).data.id);
  const db = database.prisma;
  const gifts = await db.gift.findMany({
    where: { id: { in: acknowledged } },
    select: { id: true, chargeId: true, events: { where: { stage: "scheduled" }, select: { id: true } } },
  });
  expect(gifts.length).toBe(acknowledged.length);
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  expect(gifts.filter((g) => g.chargeId === null || g.events.length !== 1)).toEqual([]);
  expect(new Set(gifts.map((g) => g.chargeId)).size).toBe(gifts.length);
  const orphanCharges = await db.charge.count({ where: { kind: "charge", gifts: { none: {} } } });
  expect(orphanCharges).toBe(0);
  // The sweeper resumed by itself: every gift (due now) is sent, its email stored once.
  for (let i = 0; i < 120 && (await db.gift.count({ where: { stage: "scheduled" } })) > 0; i++) await sleep(500);
  expect(await db.gift.count({ where: { stage: "scheduled" } })).toBe(0);
  const emails = await db.emailOutbox.groupBy({ by: ["giftId"], where: { kind: "gift" }, _count: true });
  expect(emails.length).toBe(await db.gift.count());
  expect(emails.filter((e) => e._count !== 1)).toEqual([]);
  expect(server.proc.output).not.toContain(OVERLAPPING_QUERY);

  console.log(
    JSON.stringify({
      figure: "postgres-outage",
      before: byPhase.before.length,
      down: statuses,
      maxDownMs: Math.round(Math.max(...down.map((a) => a.ms))),
      firstBackMs: firstBack.at + firstBack.ms - returnedAt,
      acknowledged: acknowledged.length,
    }),
  );
});
