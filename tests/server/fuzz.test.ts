import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeRequest, problemWith, type FuzzResponse } from "@/lib/testing/fuzz/check";
import { generateRequests, type FuzzRequest, type FuzzTarget } from "@/lib/testing/fuzz/requests";
import { startServer, type RunningServer } from "./server";
import { untiePage } from "./untie";

// Issue 19 §6: generated requests against the real server (`npm run fuzz`): every API operation
// of the OpenAPI document, /oauth2/token, /oauth2/authorize, sign-in and an untie page's form.
// FUZZ_SEED reproduces a run, FUZZ_RUNS sets its size (10,000 in CI).
const PORT = Number(process.env.FUZZ_PORT) || 4232;
const SEED = Number(process.env.FUZZ_SEED) || 20261125;
const RUNS = Number(process.env.FUZZ_RUNS) || 10_000;
const CONCURRENCY = 8;

let server: RunningServer;
let target: FuzzTarget;

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc)}`);
  return doc;
}

beforeAll(async () => {
  // Limits off: the fuzzer sends thousands of bad tokens from one address, and should reach the code behind them.
  server = await startServer(PORT, {
    RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP: "0",
    RIBBON_RATE_LIMIT_API_PER_MINUTE: "0",
    RIBBON_RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR: "0",
    RIBBON_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR: "0",
  });
  const [account] = server.credentials.accounts;
  const gift = await api("POST", "/teams/sandbox/gifts", account.sandbox_token, {
    gift: { name: "Robin", email: "robin@example.com", collection: "Coffee Lovers", message: "Hi", from: "Alex" },
  });
  const endpoint = await api("POST", "/teams/sandbox/webhook-endpoints", account.sandbox_token, {
    webhook_endpoint: { url: "https://example.com/hook" },
  });
  target = {
    liveToken: account.live_token,
    sandboxToken: account.sandbox_token,
    teamId: account.teams[0],
    giftId: gift.data.id,
    webhookEndpointId: endpoint.data.id,
    oauthClient: {
      clientId: server.credentials.oauth_client.client_id,
      clientSecret: server.credentials.oauth_client.client_secret,
      redirectUri: server.credentials.oauth_client.redirect_uri,
    },
    untie: await untiePage(server),
  };
});

afterAll(async () => {
  await server?.stop();
});

function send(request: FuzzRequest): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { ...request.headers };
    if (request.body) headers["content-length"] = String(request.body.length);
    const req = http.request(
      `${server.url}${request.path}`,
      { method: request.method, headers, timeout: 30_000, maxHeaderSize: 256 * 1024 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let body = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          if (encoding === "gzip") body = zlib.gunzipSync(body);
          else if (encoding === "br") body = zlib.brotliDecompressSync(body);
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            body: body.toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 30 s")));
    req.on("error", reject);
    req.end(request.body);
  });
}

describe(`fuzzing the real server: ${RUNS} generated requests`, () => {
  it("answers no 5xx; every API error is a JSON:API document, every OAuth error RFC 6749 JSON, every page error a page", async () => {
    console.log(`Fuzzing ${server.url} with seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces this run)`);
    const requests = generateRequests(target, SEED, RUNS);
    const failures: { problem: string; text: string; request: FuzzRequest }[] = [];
    const statuses = new Map<string, number>();
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index];
        let problem: string | null;
        try {
          const response = await send(request);
          const key = `${request.kind} ${response.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          problem = problemWith(request, response);
          if (problem) problem += `: ${response.body.slice(0, 200)}`;
        } catch (error) {
          problem = `no answer (${(error as Error).message})`;
        }
        if (problem) failures.push({ problem, text: `#${index} ${problem}\n    ${describeRequest(request)}`, request });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.log(
      `${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; answers: ${[...statuses]
        .sort()
        .map(([k, n]) => `${k}×${n}`)
        .join(", ")}`,
    );
    const fatal = server
      .output()
      .split("\n")
      .filter((line) => /⨯|Error:|Unhandled|TypeError/.test(line));
    if (fatal.length)
      console.log(`Server log lines that look like errors (${fatal.length}):\n${fatal.slice(0, 20).join("\n")}`);
    // Grouped by kind of problem, a few examples each; the whole list goes to a file.
    const groups = new Map<string, string[]>();
    for (const f of failures) {
      const key = f.problem.replace(/:.*$/s, "").slice(0, 80);
      groups.set(key, [...(groups.get(key) ?? []), f.text]);
    }
    mkdirSync(".server-test-data", { recursive: true });
    writeFileSync(".server-test-data/fuzz-failures.txt", failures.map((f) => f.text).join("\n"));
    writeFileSync(
      ".server-test-data/fuzz-failures.json",
      JSON.stringify(
        failures.map((f) => ({ ...f.request, body: f.request.body && Buffer.from(f.request.body).toString("base64") })),
      ),
    );
    const summary = [...groups]
      .map(([key, list]) => `${list.length}× ${key}\n${list.slice(0, 3).join("\n")}`)
      .join("\n\n");
    expect(
      summary,
      `${failures.length} of ${requests.length} answers broke the rules (seed ${SEED}; all of them in .server-test-data/fuzz-failures.txt)`,
    ).toBe("");
  });
});
