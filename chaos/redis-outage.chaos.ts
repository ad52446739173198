// Redis (the shared rate-limit store) killed, then frozen (docs/reliability.md).
import { Redis } from "ioredis";
import { afterAll, expect, test } from "vitest";
import {
  cleanUp,
  countStatuses,
  createScratchDatabase,
  openDb,
  openLoop,
  percentile,
  seedAccount,
  startRedis,
  startServer,
} from "./harness";

afterAll(cleanUp);

test("with Redis killed or frozen requests are served on time with limits in a safe mode logged once; shared limits return with Redis", async () => {
  const url = await createScratchDatabase("redis");
  const database = await openDb(url);
  const account = await seedAccount(database);
  const redis = await startRedis(6401);
  const server = await startServer(4120, { DATABASE_URL: url, REDIS_URL: redis.url, RIBBON_SWEEPER: "off" });
  const teams = `${server.url}/api/v1/teams`;
  const init = { headers: { authorization: `Bearer ${account.tokens.live}` } };
  const phase = (ms: number) => openLoop(teams, init, 40, ms);
  const counted = async () => {
    const probe = new Redis(redis.url, { lazyConnect: true });
    await probe.connect();
    const keys = await probe.keys("rl:api*");
    const total = keys.length ? (await probe.mget(...keys)).reduce((n, v) => n + Number(v ?? 0), 0) : 0;
    probe.disconnect();
    return total;
  };

  await phase(2_000); // warm-up
  const before = await phase(5_000);
  await redis.kill();
  const killed = await phase(10_000);
  await redis.restart();
  const back = await phase(5_000);
  const countedBack = await counted();
  const sharedPhase = await phase(3_000);
  const sharedAgain = ((await counted()) - countedBack) / sharedPhase.length;
  redis.freeze();
  const frozen = await phase(8_000);
  redis.thaw();
  const thawed = await phase(4_000);

  const figures = Object.fromEntries(
    Object.entries({ before, killed, back, frozen, thawed }).map(([k, a]) => [
      k,
      { p50: percentile(a, 50), p99: percentile(a, 99), max: percentile(a, 100) },
    ]),
  );
  console.log(JSON.stringify({ figure: "redis-outage", rate: 40, ...figures, sharedAgain }));
  for (const answers of [before, killed, back, frozen, thawed])
    expect(countStatuses(answers)).toEqual({ 200: answers.length });
  const added = (answers: { ms: number }[]) => percentile(answers, 99) - percentile(before, 99);
  expect(added(killed)).toBeLessThanOrEqual(100);
  expect(added(frozen)).toBeLessThanOrEqual(100);
  expect(added(back)).toBeLessThanOrEqual(100);
  // Counting in Redis again once it is back (a request may still count in memory when a busy machine makes Redis miss the 80 ms timeout).
  const log = server.proc.output;
  expect(log).toContain("rate limits shared again");
  expect(sharedAgain).toBeGreaterThan(0);
  expect(log.match(/rate limits in safe mode/g)?.length).toBe(2); // once per outage (killed, frozen)
  expect(log).not.toContain("Unhandled error event");
  expect(log).not.toContain("letting the request through");
});
