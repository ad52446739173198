import { beforeAll, describe, expect, it } from "vitest";
import * as token from "@/app/oauth2/token/route";
import { createOAuthClient } from "@/lib/oauth";
import { apiAs, routeApiRequest } from "@/lib/testing/api-client";
import { createAccount } from "@/lib/testing/fixtures";
import { describeRequest, problemWith } from "@/lib/testing/fuzz/check";
import { generateRequests, type FuzzRequest, type FuzzTarget } from "@/lib/testing/fuzz/requests";
import { giftBody, openDatabaseForFile } from "./helpers";

// Issue 19 §6, the short run: requests generated from the OpenAPI document and for the OAuth
// token endpoint, sent to the route handlers in-process. The full run, 10,000 against
// the real server with pages and the untie form too, is `npm run fuzz` (tests/server/fuzz.test.ts).
// With this seed the run includes a JSON token request with half a surrogate pair in client_id,
// which the database once refused with a 500 (app/oauth2/token/route.test.ts has it too).
const SEED = Number(process.env.FUZZ_SEED) || 2;
const RUNS = 500;
const t = openDatabaseForFile();
let target: FuzzTarget;

beforeAll(async () => {
  const a = await createAccount(t.db);
  const gift = await apiAs(a.tokens.sandbox).post("/teams/sandbox/gifts", giftBody());
  const endpoint = await apiAs(a.tokens.sandbox).post("/teams/sandbox/webhook-endpoints", {
    webhook_endpoint: { url: "https://example.com/hook" },
  });
  const client = await createOAuthClient(t.db, { name: "Fuzz", redirectUris: ["https://example.com/cb"] });
  target = {
    liveToken: a.tokens.live,
    sandboxToken: a.tokens.sandbox,
    teamId: a.team.id,
    giftId: gift.body.data.id,
    webhookEndpointId: endpoint.body.data.id,
    oauthClient: {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: "https://example.com/cb",
    },
  };
});

/** The handler Next would call, or null for what the server answers before any handler (see routeApiRequest). */
async function handle(request: FuzzRequest): Promise<Response | null> {
  let req: Request;
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      for (const v of [value].flat()) headers.append(name, v);
    req = new Request(`http://localhost:3000${request.path}`, {
      method: request.method,
      headers,
      body:
        request.method === "GET" || request.method === "HEAD"
          ? undefined
          : (request.body as Uint8Array<ArrayBuffer> | undefined),
    });
  } catch {
    return null; // fetch's Request refuses it (a method or header value); Node's server would not build one either
  }
  const path = new URL(req.url).pathname;
  if (path.startsWith("/api/v1/")) return routeApiRequest(req);
  if (path === "/oauth2/token") return request.method === "POST" ? token.POST(req) : null;
  return null;
}

describe(`fuzzing the route handlers in-process: ${RUNS} generated requests (seed ${SEED})`, () => {
  it("answers no 5xx; every API error is a JSON:API document, every OAuth error RFC 6749 JSON", async () => {
    // In-process only the API and the token endpoint can be called: the mix is theirs.
    const requests = generateRequests(target, SEED, RUNS, { api: 60, token: 40, authorize: 0, signIn: 0, untie: 0 });
    const failures: string[] = [];
    let sent = 0;
    for (const [index, request] of requests.entries()) {
      const response = await handle(request);
      if (!response) continue;
      sent++;
      const body = await response.text();
      const problem = problemWith(request, {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        body,
      });
      if (problem) failures.push(`#${index} ${problem}: ${body.slice(0, 200)}\n    ${describeRequest(request)}`);
    }
    expect(failures.join("\n"), `seed ${SEED}: FUZZ_SEED=${SEED} reproduces`).toBe("");
    expect(sent).toBeGreaterThan(RUNS * 0.8); // a few methods or headers fetch's Request refuses, or paths the guard answers
  });
});
