import { PrismaAdapter } from "@auth/prisma-adapter";
import { beforeAll, describe, expect, it } from "vitest";
import { withHashedSessions } from "@/lib/auth/hashed-sessions";
import { randomSecret } from "@/lib/crypto";
import { deliverDueGifts } from "@/lib/delivery";
import { queueEmail, sendQueuedEmailNow } from "@/lib/outbox";
import { approveAuthorization, createOAuthClient, exchangeAuthorizationCode } from "@/lib/oauth";
import { apiAs } from "@/lib/testing/api-client";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount } from "@/lib/testing/fixtures";
import { inviteMember } from "@/lib/teams";
import { bulkBody, giftBody, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
const secrets = new Map<string, string>();

/** The secret part of an untie URL. */
const untieSecret = (url: string) => new URL(url).pathname.split("/").pop()!;

beforeAll(async () => {
  const a = await createAccount(t.db);
  secrets.set("live token", a.tokens.live).set("sandbox token", a.tokens.sandbox);

  // Gifts, with Idempotency-Keys (their replay bodies are stored), delivered through a provider.
  const key = (k: string) => ({ headers: { "Idempotency-Key": k } });
  const single = await apiAs(a.tokens.live).post(
    "/gifts",
    giftBody({ scheduled_at: "2020-01-01T00:00:00Z" }),
    key("secret-scan-1"),
  );
  const bulk = await apiAs(a.tokens.live).post(
    "/bulk/gifts",
    bulkBody(2, {}, (i) => (i === 1 ? { delivery_method: "link" } : { scheduled_at: "2020-01-01T00:00:00Z" })),
    key("secret-scan-2"),
  );
  const replay = await apiAs(a.tokens.live).post(
    "/gifts",
    giftBody({ scheduled_at: "2020-01-01T00:00:00Z" }),
    key("secret-scan-1"),
  );
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body.data.attributes["untie-url"]).toBe(single.body.data.attributes["untie-url"]); // recomputed on replay
  for (const g of [single.body.data, ...bulk.body.data])
    secrets.set(`untie secret of ${g.id}`, untieSecret(g.attributes["untie-url"]));
  const provider = Object.assign(fakeTransport(), { name: "resend" });
  expect((await deliverDueGifts(t.db, { transport: provider })).claimed).toBe(2);
  expect(provider.sent.map((m) => m.html).join("")).toContain(untieSecret(single.body.data.attributes["untie-url"])); // the email itself carries it

  // Sign-in emails through the provider: one sent, one refused and waiting for its retry (its link sealed).
  const signInToken = randomSecret(24);
  secrets.set("sign-in link token", signInToken);
  const signIn = (token: string) =>
    queueEmail(t.db, { kind: "signin", to: a.user.email, props: { host: "x" }, link: `http://x/cb?token=${token}` });
  await sendQueuedEmailNow(t.db, (await signIn(signInToken)).id, provider);
  expect(provider.sent.at(-1)?.html).toContain(signInToken);
  const waitingToken = randomSecret(24);
  secrets.set("queued sign-in link token", waitingToken);
  await sendQueuedEmailNow(t.db, (await signIn(waitingToken)).id, fakeTransport({ failTimes: Infinity }));

  // OAuth: client secret, code, access token.
  const client = await createOAuthClient(t.db, { name: "Scan", redirectUris: ["https://scan.example/cb"] });
  const approved = await approveAuthorization(t.db, {
    clientId: client.clientId,
    redirectUri: "https://scan.example/cb",
    userId: a.user.id,
  });
  if (approved.status !== "redirect") throw new Error("expected a code");
  const token = await exchangeAuthorizationCode(t.db, {
    grantType: "authorization_code",
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    code: approved.code,
    redirectUri: "https://scan.example/cb",
  });
  secrets
    .set("client secret", client.clientSecret)
    .set("authorization code", approved.code)
    .set("oauth access token", token.accessToken);

  // A browser session.
  const sessionToken = randomSecret(32);
  await withHashedSessions(PrismaAdapter(t.db)).createSession!({
    sessionToken,
    userId: a.user.id,
    expires: new Date(Date.now() + 86_400_000),
  });
  secrets.set("session token", sessionToken);

  // A team invitation's link, emailed through the provider.
  await inviteMember(
    t.db,
    { actorId: a.user.id, teamId: a.team.id, email: "invitee@example.test", role: "member" },
    { transport: provider },
  );
  const invitationLink = provider.sent.find((m) => m.to === "invitee@example.test")!.text;
  secrets.set("invitation link secret", /\/invitations\/([1-9A-HJ-NP-Za-km-z]+)/.exec(invitationLink)![1]);

  // A webhook endpoint's signing secret.
  const endpoint = await apiAs(a.tokens.live).post("/webhook-endpoints", {
    webhook_endpoint: { url: "https://hooks.example.com/ribbon" },
  });
  secrets.set("webhook secret", endpoint.body.data.attributes.secret);
});

describe("secrets at rest", () => {
  it("no table holds any secret in plaintext after a full flow: only hashes (or ciphertext)", async () => {
    const columns = await t.db.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
      `SELECT table_name::text AS table_name, column_name::text AS column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    expect(secrets.size).toBe(13);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const [name, secret] of secrets) {
        const [{ n }] = await t.db.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE strpos("${column_name}"::text, $1) > 0`,
          secret,
        );
        if (n > 0) found.push(`${name} in ${table_name}.${column_name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the session works from its hash: the adapter finds it by the cookie's token", async () => {
    const adapter = withHashedSessions(PrismaAdapter(t.db));
    const token = secrets.get("session token")!;
    expect((await adapter.getSessionAndUser!(token))?.session.sessionToken).toBe(token);
    expect(await adapter.getSessionAndUser!(`${token}x`)).toBeNull();
  });
});
