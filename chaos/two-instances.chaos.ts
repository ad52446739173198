// Two instances behind HAProxy (deploy/haproxy/ribbon.cfg) on one PostgreSQL and one Redis (docs/reliability.md).
import { randomUUID } from "node:crypto";
import { afterAll, expect, test } from "vitest";
import { randomSecret, sha256 } from "@/lib/crypto";
import type { PrismaClient } from "@/lib/db";
import { createOAuthClient } from "@/lib/oauth/create-client";
import {
  cleanUp,
  countStatuses,
  createScratchDatabase,
  giftBody,
  loop,
  openDb,
  OVERLAPPING_QUERY,
  request,
  seedAccount,
  sleep,
  startHaproxy,
  startRedis,
  startServer,
  type Answer,
  type Server,
} from "./harness";

afterAll(cleanUp);

const LB_PORT = 4140;
const REDIRECT_URI = "http://127.0.0.1:4199/callback";

/**
 * The consent screen at one instance, approved as a signed-in user on the site would without JavaScript
 * (the page's form posted back with its hidden fields): resolves to the code in the redirect.
 * The session is a row of the user's own, as Auth.js keeps it (the token hashed).
 */
async function approveAt(
  server: Server,
  site: string,
  db: PrismaClient,
  userId: string,
  clientId: string,
): Promise<string> {
  const token = randomSecret(32);
  await db.session.create({ data: { sessionToken: sha256(token), userId, expires: new Date(Date.now() + 3_600_000) } });
  const page = `${server.url}/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT_URI, response_type: "code", state: "s1" })}`;
  // As the browser's request reaches this instance through the balancer: from the site (APP_URL), addressed to its
  // host (HAProxy keeps Host; X-Forwarded-Host stands in for it here, trusted with RIBBON_TRUST_PROXY=1).
  const headers = { cookie: `authjs.session-token=${token}`, origin: site, "x-forwarded-host": new URL(site).host };
  const html = await (await fetch(page, { headers })).text();
  const form =
    [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[1]).find((f) => f.includes(">Approve<")) ?? html;
  const fields = new FormData();
  for (const input of form.match(/<input[^>]*>/g) ?? []) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name)
      fields.append(
        name.replaceAll("&amp;", "&"),
        (/value="([^"]*)"/.exec(input)?.[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
      );
  }
  const approved = await fetch(page, { method: "POST", headers, body: fields, redirect: "manual" });
  const to = new URL(approved.headers.get("location") ?? "", server.url);
  expect(to.origin + to.pathname, `approve answered ${approved.status}`).toBe(REDIRECT_URI);
  return to.searchParams.get("code")!;
}

test("through HAProxy: an OAuth code from one instance is exchanged at the other; under mixed load with one instance killed clients see only 200s, 503s and connection errors, each Idempotency-Key makes one gift; deliveries and limits shared", async () => {
  const url = await createScratchDatabase("lb");
  const database = await openDb(url);
  const db = database.prisma;
  const account = await seedAccount(database);
  const redis = await startRedis(6402);
  const lb = `http://127.0.0.1:${LB_PORT}`;
  const env = {
    DATABASE_URL: url,
    REDIS_URL: redis.url,
    APP_URL: lb,
    RIBBON_SWEEPER_INTERVAL_MS: "500",
    RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: "10",
    RIBBON_TRUST_PROXY: "1",
  };
  const [a, b] = await Promise.all([startServer(4141, env), startServer(4142, env)]);
  await startHaproxy(LB_PORT, a, b);

  // An OAuth code issued by one instance is exchanged at the other; the token works through the balancer.
  const client = await createOAuthClient(db, { name: "Chaos app", redirectUris: [REDIRECT_URI] });
  const code = await approveAt(a, lb, db, account.user.id, client.clientId);
  const exchange = new FormData();
  for (const [k, v] of Object.entries({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  }))
    exchange.append(k, v);
  const issued = await fetch(`${b.url}/oauth2/token`, { method: "POST", body: exchange });
  expect(issued.status).toBe(200);
  const { access_token: accessToken } = (await issued.json()) as { access_token: string };
  expect((await request(`${lb}/api/v1/teams`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(
    200,
  );

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
      const answer = await request(`${lb}/api/v1/teams/${account.team.id}/gifts`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "idempotency-key": key },
        body,
        timeoutMs: 20_000,
      });
      attempts.push(answer);
      outcomes.set(key, answer);
      if (answer.status !== 0 && answer.status !== 503) return;
      await sleep(250);
    }
  };
  const read = async (path: string) =>
    void attempts.push(await request(`${lb}${path}`, { headers: auth, timeoutMs: 20_000 }));
  const load = loop(
    12,
    () => done,
    async (w) => {
      const pick = (n + w) % 5;
      if (pick < 3) await create();
      else await read(pick === 3 ? "/api/v1/teams" : `/api/v1/teams/${account.team.id}/gifts`);
    },
  );
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
  for (
    let i = 0;
    i < 40 &&
    !/UP/.test(
      await fetch(`${b.url}/api/v1/teams`, { method: "OPTIONS" }).then(
        () => "UP",
        () => "",
      ),
    );
    i++
  )
    await sleep(250);
  await sleep(2_500); // HAProxy's `rise 2` at 1 s intervals
  const guesses: number[] = [];
  for (let i = 0; i < 12; i++)
    guesses.push(
      (await request(`${lb}/api/v1/teams`, { headers: { authorization: "Bearer rbn_live_not-a-real-token" } })).status,
    );
  expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(guesses.slice(10)).toEqual([429, 429]);
  expect(a.proc.output + b.proc.output).not.toContain(OVERLAPPING_QUERY);

  console.log(
    JSON.stringify({ figure: "two-instances", attempts: attempts.length, statuses, keys: outcomes.size, guesses }),
  );
});
