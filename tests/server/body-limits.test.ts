import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_BODY_LIMIT,
  AUTH_BODY_LIMIT,
  BULK_BODY_LIMIT,
  INNGEST_BODY_LIMIT,
  OAUTH_TOKEN_BODY_LIMIT,
  PAGE_BODY_LIMIT,
} from "@/lib/http/body-limits.mjs";
import { sendChunked } from "./chunked";
import { startServer, type RunningServer } from "./server";

// Issue 19 §2: every route that reads a body stops at its limit while the body streams, answers
// 413 in its own format within a second, and the server's memory stays flat.
const PORT = Number(process.env.BODY_LIMITS_PORT) || 4231;
const HUGE = 200 * 1024 * 1024;
const CONCURRENT = 10;
const MAX_RSS_GROWTH = 50 * 1024 * 1024;

type Format = "jsonapi" | "oauth" | "page";
type Route = {
  name: string;
  method?: string;
  path: string;
  limit: number;
  format: Format;
  headers?: (s: RunningServer) => Record<string, string>;
};

const bearer = (s: RunningServer) => ({
  authorization: `Bearer ${s.credentials.accounts[0].live_token}`,
  "content-type": "application/json",
});
const serverAction = () => ({
  "next-action": "7f".padEnd(42, "0"),
  "content-type": "text/plain;charset=UTF-8",
  accept: "text/x-component",
});
const form = () => ({ "content-type": "application/x-www-form-urlencoded" });

const ROUTES: Route[] = [
  { name: "create a gift", path: "/api/v1/gifts", limit: API_BODY_LIMIT, format: "jsonapi", headers: bearer },
  {
    name: "create gifts in bulk",
    path: "/api/v1/bulk/gifts",
    limit: BULK_BODY_LIMIT,
    format: "jsonapi",
    headers: bearer,
  },
  {
    name: "create a webhook endpoint",
    path: "/api/v1/webhook-endpoints",
    limit: API_BODY_LIMIT,
    format: "jsonapi",
    headers: bearer,
  },
  {
    name: "update a webhook endpoint",
    method: "PATCH",
    path: "/api/v1/webhook-endpoints/whe_x",
    limit: API_BODY_LIMIT,
    format: "jsonapi",
    headers: bearer,
  },
  {
    name: "replay webhooks",
    path: "/api/v1/webhook-endpoints/whe_x/replay",
    limit: API_BODY_LIMIT,
    format: "jsonapi",
    headers: bearer,
  },
  {
    name: "simulate a stage",
    path: "/api/v1/gifts/gft_x/simulate",
    limit: API_BODY_LIMIT,
    format: "jsonapi",
    headers: bearer,
  },
  {
    name: "Inngest's serve route",
    path: "/api/inngest",
    limit: INNGEST_BODY_LIMIT,
    format: "jsonapi",
    headers: () => ({ "content-type": "application/json" }),
  },
  {
    name: "OAuth token exchange",
    path: "/oauth2/token",
    limit: OAUTH_TOKEN_BODY_LIMIT,
    format: "oauth",
    headers: form,
  },
  {
    name: "sign-in email (Auth.js)",
    path: "/api/auth/signin/email",
    limit: AUTH_BODY_LIMIT,
    format: "page",
    headers: form,
  },
  {
    name: "a server action on /account",
    path: "/account",
    limit: PAGE_BODY_LIMIT,
    format: "page",
    headers: serverAction,
  },
  {
    name: "a server action on an untie page",
    path: "/untie/not-a-token",
    limit: PAGE_BODY_LIMIT,
    format: "page",
    headers: serverAction,
  },
  { name: "a form post to the sign-in page", path: "/signin", limit: PAGE_BODY_LIMIT, format: "page", headers: form },
];

function expectFormat(format: Format, contentType: string, body: string) {
  if (format === "jsonapi") {
    expect(contentType).toContain("application/vnd.api+json");
    expect(JSON.parse(body).errors[0]).toMatchObject({ status: 413, code: "payload_too_large" });
  } else if (format === "oauth") {
    expect(contentType).toContain("application/json");
    expect(JSON.parse(body)).toMatchObject({
      error: "invalid_request",
      error_description: expect.stringContaining("larger than"),
    });
  } else {
    expect(contentType).toContain("text/html");
    expect(body).toMatch(/<html[\s\S]*larger than/);
  }
}

let server: RunningServer;
let baseline = 0;
let peak = 0;
let highest = 0;
let sampler: NodeJS.Timeout;

beforeAll(async () => {
  // Inngest in dev mode (pointing nowhere), so that its serve route reads the bodies it is sent.
  server = await startServer(PORT, { INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:9" });
  // Load every route once, so what is measured below is bodies, not code loading.
  for (const route of ROUTES)
    await fetch(`${server.url}${route.path}`, {
      method: route.method ?? "POST",
      headers: route.headers?.(server),
      body: "{}",
    }).then((r) => r.text());
  await new Promise((r) => setTimeout(r, 1000));
  baseline = server.rssBytes();
  highest = baseline;
  sampler = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 20);
});

afterAll(async () => {
  clearInterval(sampler);
  await server?.stop();
});

describe(`${CONCURRENT} concurrent 200 MB chunked bodies to each route that reads a body`, () => {
  it.each(ROUTES)(
    "$name ($path): 413 in its format within a second of crossing its limit, RSS +50 MB at most",
    async (route) => {
      const url = `${server.url}${route.path}`;
      const before = server.rssBytes();
      peak = before;
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          sendChunked(url, {
            method: route.method,
            headers: route.headers?.(server),
            totalBytes: HUGE,
            limitBytes: route.limit,
          }),
        ),
      );
      for (const result of results) {
        expect(result.error, `${route.path}: ${result.error}`).toBeUndefined();
        expect(
          result.status,
          `${route.path} answered ${result.status} after ${result.sent} bytes: ${result.body.slice(0, 200)}`,
        ).toBe(413);
        expectFormat(route.format, result.contentType, result.body);
        expect(result.answeredAfterCrossingMs).not.toBeNull();
        expect(result.answeredAfterCrossingMs!).toBeLessThan(1000);
        expect(
          result.flushed,
          `${route.path}: ${result.sent} bytes written, ${result.flushed} of them flushed`,
        ).toBeLessThan(HUGE);
      }
      peak = Math.max(peak, server.rssBytes());
      highest = Math.max(highest, peak);
      console.log(
        `${route.path}: sent ≤ ${Math.max(...results.map((r) => r.flushed)) / 1024 / 1024} MB, answered ≤ ${Math.max(...results.map((r) => r.answeredAfterCrossingMs!))} ms after crossing, RSS +${((peak - before) / 1024 / 1024).toFixed(1)} MB during these ten (+${((highest - baseline) / 1024 / 1024).toFixed(1)} MB since the start)`,
      );
      // Each burst against the memory just before it: what is freed late (V8 gives pages back slowly) is not counted twice.
      expect(peak - before).toBeLessThanOrEqual(MAX_RSS_GROWTH);
    },
  );

  it("all the bursts together grew the server by less than 100 MB (286 MB before the limits)", () => {
    console.log(
      `RSS: ${(baseline / 1024 / 1024).toFixed(1)} MB before the first burst, ${(highest / 1024 / 1024).toFixed(1)} MB at the highest`,
    );
    expect(highest - baseline).toBeLessThan(100 * 1024 * 1024);
  });
});
