import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as token from "@/app/oauth2/token/route";
import { approveAuthorization, createOAuthClient } from "@/lib/oauth";
import { callApi } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { socketHeaders } from "@/lib/testing/socket-headers";
import { expectError, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
const saved = { ...process.env };

beforeAll(async () => {
  a = await createAccount(t.db);
});
afterEach(() => {
  for (const name of ["RIBBON_RATE_LIMIT_API_PER_MINUTE", "RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP"])
    process.env[name] = saved[name];
});

const from = (ip: string, token?: string) => ({ token, headers: Object.fromEntries(socketHeaders(ip)) });

describe("rate limits", () => {
  it("every API response carries RateLimit-* headers; past the limit a 429 with Retry-After", async () => {
    process.env.RIBBON_RATE_LIMIT_API_PER_MINUTE = "3";
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await callApi("GET", "/teams", from("10.1.1.1", a.tokens.sandbox)));
    expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
    expect(results[0].headers.get("ratelimit-limit")).toBe("3");
    expect(Number(results[0].headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const e = expectError(results[3], 429, "TooManyRequests");
    expect(e.code).toBe("rate_limited");
    expect(Number(results[3].headers.get("retry-after"))).toBeGreaterThan(0);
    // Per credential: the same user's live token has its own budget.
    expect((await callApi("GET", "/teams", from("10.1.1.1", a.tokens.live))).status).toBe(200);
  });

  it("1,000 bad tokens from one address are refused with 429 after the limit, and a valid token from it still gets 200", async () => {
    process.env.RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP = "30";
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++)
      statuses.push((await callApi("GET", "/teams", from("10.2.2.2", `rbn_live_guess${i}`))).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const refused = await callApi("GET", "/teams", from("10.2.2.2", "rbn_live_one-more-guess"));
    expectError(refused, 429, "TooManyRequests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A company behind one NAT: its colleagues' valid credentials are served, never locked out.
    expect((await callApi("GET", "/teams", from("10.2.2.2", a.tokens.live))).status).toBe(200);
    expect((await callApi("GET", "/teams", from("10.2.2.2", a.tokens.sandbox))).status).toBe(200);
  });

  it("failed client secrets on /oauth2/token count the same way", async () => {
    process.env.RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP = "2";
    const attempt = () =>
      token.POST(
        new Request("http://localhost:3000/oauth2/token", {
          method: "POST",
          headers: socketHeaders("10.4.4.4"),
          body: new URLSearchParams({
            client_id: "nobody",
            client_secret: "guess",
            code: "c",
            grant_type: "authorization_code",
            redirect_uri: "https://example.com/cb",
          }),
        }),
      );
    expect([(await attempt()).status, (await attempt()).status]).toEqual([401, 401]);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("a flood of bad client secrets never blocks a client that authenticates", async () => {
    process.env.RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP = "5";
    const redirectUri = "https://app.example.test/callback";
    const client = await createOAuthClient(t.db, { name: "Flooded", redirectUris: [redirectUri] });
    const approved = await approveAuthorization(t.db, { clientId: client.clientId, redirectUri, userId: a.user.id });
    if (approved.status !== "redirect") throw new Error("expected a code");
    const post = (fields: Record<string, string>) =>
      token.POST(
        new Request("http://localhost:3000/oauth2/token", {
          method: "POST",
          headers: socketHeaders("10.5.5.5"),
          body: new URLSearchParams(fields),
        }),
      );
    const fields = {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code: approved.code,
      grant_type: "authorization_code",
      redirect_uri: redirectUri,
    };
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await post({ ...fields, client_secret: `guess-${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const granted = await post(fields);
    expect(granted.status).toBe(200);
    expect((await granted.json()).access_token).toMatch(/^\S+$/);
  });
});
