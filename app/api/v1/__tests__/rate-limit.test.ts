import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as token from "@/app/oauth2/token/route";
import { callApi } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { expectError, openDatabaseForFile } from "./helpers";

const t = openDatabaseForFile();
let a: Awaited<ReturnType<typeof createAccount>>;
const saved = { ...process.env };

beforeAll(async () => {
  a = await createAccount(t.db);
});
afterEach(() => {
  for (const name of ["RIBBON_RATE_LIMIT_API_PER_MINUTE", "RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP"]) process.env[name] = saved[name];
});

const from = (ip: string, token?: string) => ({ token, headers: { "x-ribbon-client-ip": ip } });

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

  it("an address that keeps guessing tokens is refused, even when it finally holds a good one", async () => {
    process.env.RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP = "3";
    for (let i = 0; i < 3; i++) expect((await callApi("GET", "/teams", from("10.2.2.2", `rbn_live_guess${i}`))).status).toBe(401);
    const refused = await callApi("GET", "/teams", from("10.2.2.2", a.tokens.live));
    expectError(refused, 429, "TooManyRequests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await callApi("GET", "/teams", from("10.3.3.3", a.tokens.live))).status).toBe(200); // other addresses are not affected
  });

  it("failed client secrets on /oauth2/token count the same way", async () => {
    process.env.RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP = "2";
    const attempt = () =>
      token.POST(
        new Request("http://localhost:3000/oauth2/token", {
          method: "POST",
          headers: { "x-ribbon-client-ip": "10.4.4.4" },
          body: new URLSearchParams({ client_id: "nobody", client_secret: "guess", code: "c", grant_type: "authorization_code", redirect_uri: "https://example.com/cb" }),
        }),
      );
    expect([(await attempt()).status, (await attempt()).status]).toEqual([401, 401]);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
