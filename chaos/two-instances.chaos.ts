// Two instances behind HAProxy (deploy/haproxy/ribbon.cfg) on one PostgreSQL and one Redis (docs/reliability.md).
import { randomUUID } from "node:crypto";
import { afterAll, expect, test } from "vitest";
import { cleanUp, countStatuses, createScratchDatabase, giftBody, loop, openDb, OVERLAPPING_QUERY, request, seedAccount, sleep, startHaproxy, startRedis, startServer, type Answer } from "./harness";

afterAll(cleanUp);

const LB_PORT = 4140;

test("mixed load through HAProxy with one instance killed mid-load: only 200s, 503s and connection errors; each Idempotency-Key makes one gift; deliveries and limits shared", async () => {
  const url = await createScratchDatabase("lb");
  const database = await openDb(url);
  const db = database.prisma;
  const account = await seedAccount(database);
  const redis = await startRedis(6402);
  const lb = `http://127.0.0.1:${LB_PORT}`;
  const env = { DATABASE_URL: url, REDIS_URL: redis.url, APP_URL: lb, RIBBON_SWEEPER_INTERVAL_MS: "500", RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: "10", RIBBON_TRUST_PROXY: "1" };
  const [a, b] = await Promise.all([startServer(4141, env), startServer(4142, env)]);
  await startHaproxy(LB_PORT, a, b);

  const auth = { authorization: `Bearer ${account.tokens.live}` };
  const attempts: Answer[] = [];
  const outcomes = new Map<string, Answer>();
  let n = 0;
  let done = false;
  // A client that retries a create with the same key and body after a connection error or a 503.
  const create = async () => {
    const key = randomUUID();
    const body = giftBody(n++);
    for (let attempt = 0; attempt < 40; attempt++) {
      const answer = await request(`${lb}/api/v1/teams/${account.team.id}/gifts`, { method: "POST", headers: { ...auth, "content-type": "application/json", "idempotency-key": key }, body, timeoutMs: 20_000 });
      attempts.push(answer);
      outcomes.set(key, answer);
      if (answer.status !== 0 && answer.status !== 503) return;
      await sleep(250);
    }
  };
  const read = async (path: string) => void attempts.push(await request(`${lb}${path}`, { headers: auth, timeoutMs: 20_000 }));
  const load = loop(12, () => done, async (w) => {
    const pick = (n + w) % 5;
    if (pick < 3) await create();
    else await read(pick === 3 ? "/api/v1/teams" : `/api/v1/teams/${account.team.id}/gifts`);
  });
  await sleep(6_000);
  await b.proc.killHard();
  await sleep(10_000);
  done = true;
  await load;

  // Clients saw 200s, 503s (HAProxy's JSON:API one) and connection errors only: never a 500 or 502.
  const statuses = countStatuses(attempts);
  expect(Object.keys(statuses).filter((s) => !["0", "200", "503"].includes(s))).toEqual([]);
  for (const a503 of attempts.filter((x) => x.status === 503)) expect(a503.retryAfter).toBeTruthy();
  // Every key ended in one gift, created once, with its one charge.
  expect([...outcomes.values()].filter((o) => o.status !== 200)).toEqual([]);
  const giftIds = [...outcomes.values()].map((o) => (JSON.parse(o.body) as { data: { id: string } }).data.id);
  expect(new Set(giftIds).size).toBe(outcomes.size);
  expect(await db.gift.count()).toBe(outcomes.size);
  expect(await db.idempotencyKey.count()).toBe(outcomes.size);
  const charged = await db.gift.findMany({ select: { chargeId: true } });
  expect(new Set(charged.map((g) => g.chargeId)).size).toBe(outcomes.size);
  expect(await db.charge.count({ where: { kind: "charge", gifts: { none: {} } } })).toBe(0);
  // Deliveries (both instances swept until one died; the survivor takes over its claims): each email once.
  for (let i = 0; i < 150 && (await db.gift.count({ where: { stage: "scheduled" } })) > 0; i++) await sleep(200);
  expect(await db.gift.count({ where: { stage: "scheduled" } })).toBe(0);
  const emails = await db.emailOutbox.groupBy({ by: ["giftId"], where: { kind: "gift" }, _count: true });
  expect(emails.length).toBe(outcomes.size);
  expect(emails.filter((e) => e._count !== 1)).toEqual([]);

  // Limits are shared: with both instances up again, 10 bad tokens spread over both trip the per-address limit of 10.
  await b.restart();
  for (let i = 0; i < 40 && !/UP/.test(await fetch(`${b.url}/api/v1/teams`, { method: "OPTIONS" }).then(() => "UP", () => "")); i++) await sleep(250);
  await sleep(2_500); // HAProxy's `rise 2` at 1 s intervals
  const guesses: number[] = [];
  for (let i = 0; i < 12; i++) guesses.push((await request(`${lb}/api/v1/teams`, { headers: { authorization: "Bearer rbn_live_not-a-real-token" } })).status);
  expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(guesses.slice(10)).toEqual([429, 429]);
  expect(a.proc.output + b.proc.output).not.toContain(OVERLAPPING_QUERY);

  console.log(JSON.stringify({ figure: "two-instances", attempts: attempts.length, statuses, keys: outcomes.size, guesses }));
});
