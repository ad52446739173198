import { afterEach, describe, expect, it } from "vitest";
import { Ribbon, RibbonConnectionError, RibbonError, RibbonTimeoutError } from "../src/index";
import { answer, giftDocument, localServer } from "./local-server";

// How the client behaves when the network and the server misbehave, against tiny local HTTP
// servers that can answer 429s, hang or drop the connection on cue.
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(handler: Parameters<typeof localServer>[0]) {
  const server = await localServer(handler);
  servers.push(server);
  return server;
}
const GIFT = { name: "Robin", email: "robin@example.com", collection: "Coffee Lovers", message: "Hi", from: "Alex" };
const problem = (status: number, code: string, pointer?: string) => ({
  errors: [
    { title: "ApiError", status, code, detail: `detail of ${code}`, ...(pointer ? { source: { pointer } } : {}) },
  ],
  meta: { "request-id": "req_meta" },
});

describe("retries", () => {
  it("429 with Retry-After, then 201: waits as asked, retries once with the same Idempotency-Key", async () => {
    const server = await serve((_req, res, i) =>
      i === 0
        ? answer(res, 429, problem(429, "rate_limited"), { "Retry-After": "1", "Request-Id": "req_first" })
        : answer(res, 201, giftDocument("gft_once"), { "Request-Id": "req_second" }),
    );
    const ribbon = new Ribbon({ apiKey: "rbn_sbox_x", baseUrl: server.url });
    const started = Date.now();
    const gift = await ribbon.gifts.create(GIFT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(gift.data.id).toBe("gft_once");
    expect(gift.requestId).toBe("req_second");
    expect(server.seen).toHaveLength(2);
    const [first, second] = server.seen.map((s) => s.headers["idempotency-key"]);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(server.seen[1]!.body).toBe(server.seen[0]!.body);
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ gift: GIFT });
    expect(server.seen[0]!.headers.authorization).toBe("Bearer rbn_sbox_x");
  });

  it("a caller's own Idempotency-Key is sent, and each call without one gets a new key", async () => {
    const server = await serve((_req, res) => answer(res, 200, giftDocument()));
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url });
    await ribbon.gifts.create(GIFT, { idempotencyKey: "order-42" });
    await ribbon.gifts.create(GIFT);
    await ribbon.gifts.create(GIFT);
    await ribbon.gifts.get("gft_1");
    const keys = server.seen.map((s) => s.headers["idempotency-key"]);
    expect(keys[0]).toBe("order-42");
    expect(keys[1]).not.toBe(keys[2]);
    expect(keys[3]).toBeUndefined(); // a GET carries none
  });

  it("503 without Retry-After: exponential backoff, then success", async () => {
    const server = await serve((_req, res, i) =>
      i < 2 ? answer(res, 503, problem(503, "unavailable")) : answer(res, 200, giftDocument()),
    );
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url });
    const started = Date.now();
    await ribbon.gifts.get("gft_1");
    expect(server.seen).toHaveLength(3);
    // 250–500 ms, then 500–1000 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
  });

  it.each([400, 401, 403, 404, 409, 422])("%i is never retried: one attempt, a typed RibbonError", async (status) => {
    const server = await serve((_req, res) =>
      answer(res, status, problem(status, "some_code", "/gift/email"), { "Request-Id": "req_4xx" }),
    );
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url, maxRetries: 5 });
    const error = await ribbon.gifts.create(GIFT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RibbonError);
    expect(error).toMatchObject({
      status,
      code: "some_code",
      detail: "detail of some_code",
      pointer: "/gift/email",
      requestId: "req_4xx",
      errors: [{ code: "some_code", status, detail: "detail of some_code", pointer: "/gift/email" }],
    });
    expect(server.seen).toHaveLength(1);
  });

  it("gives up after maxRetries with the last error; a Retry-After past maxRetryAfter is not waited for", async () => {
    const busy = await serve((_req, res) => answer(res, 503, problem(503, "unavailable"), { "Retry-After": "0" }));
    const error = await new Ribbon({ apiKey: "k", baseUrl: busy.url, maxRetries: 2 }).gifts.get("g").catch((e) => e);
    expect(error).toMatchObject({ status: 503, code: "unavailable", retryAfter: 0 });
    expect(busy.seen).toHaveLength(3);

    const limited = await serve((_req, res) =>
      answer(res, 429, problem(429, "rate_limited"), { "Retry-After": "600" }),
    );
    const started = Date.now();
    const refused = await new Ribbon({ apiKey: "k", baseUrl: limited.url }).gifts.resend("g").catch((e) => e);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 600 });
    expect(limited.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("a dropped connection is retried with the same key; an unreachable server is a RibbonConnectionError", async () => {
    const server = await serve((_req, res, i) => (i === 0 ? res.socket!.destroy() : answer(res, 200, giftDocument())));
    const gift = await new Ribbon({ apiKey: "k", baseUrl: server.url }).gifts.create(GIFT);
    expect(gift.data.id).toBe("gft_1");
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.headers["idempotency-key"]).toBe(server.seen[0]!.headers["idempotency-key"]);

    const closed = await serve(() => {});
    await closed.close();
    const error = await new Ribbon({ apiKey: "k", baseUrl: closed.url, maxRetries: 1 }).gifts.get("g").catch((e) => e);
    expect(error).toBeInstanceOf(RibbonConnectionError);
    expect(error).not.toBeInstanceOf(RibbonError);
  });

  it("an error that is not a JSON:API document (a proxy's HTML) is still a RibbonError", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<html>Bad gateway</html>");
    });
    const error = await new Ribbon({ apiKey: "k", baseUrl: server.url }).gifts.get("g").catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: "http_502" });
    expect(server.seen).toHaveLength(1);
  });
});

describe("timeouts and cancelling", () => {
  it("no answer within the timeout: RibbonTimeoutError; retried attempts reuse the key", async () => {
    const server = await serve(() => {}); // never answers
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url, timeout: 200, maxRetries: 1 });
    const started = Date.now();
    const error = await ribbon.gifts.create(GIFT).catch((e) => e);
    expect(error).toBeInstanceOf(RibbonTimeoutError);
    expect(error).toBeInstanceOf(RibbonConnectionError);
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.headers["idempotency-key"]).toBe(server.seen[0]!.headers["idempotency-key"]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("a per-call timeout overrides the client's", async () => {
    const server = await serve(() => {});
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url, timeout: 60_000 });
    const error = await ribbon.gifts.get("g", { timeout: 100, maxRetries: 0 }).catch((e) => e);
    expect(error).toBeInstanceOf(RibbonTimeoutError);
  });

  it("an AbortSignal cancels the call in flight (the signal's reason, no retry)", async () => {
    const server = await serve(() => {});
    const controller = new AbortController();
    const call = new Ribbon({ apiKey: "k", baseUrl: server.url }).gifts.create(GIFT, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await call.catch((e) => e);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(server.seen.length).toBeLessThanOrEqual(1);
  });

  it("an AbortSignal cancels the wait before a retry, and an aborted signal sends nothing", async () => {
    const server = await serve((_req, res) => answer(res, 429, problem(429, "rate_limited"), { "Retry-After": "30" }));
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url });
    const started = Date.now();
    const error = await ribbon.gifts.get("g", { signal: AbortSignal.timeout(300) }).catch((e) => e);
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.seen).toHaveLength(1);

    const aborted = AbortSignal.abort();
    await expect(ribbon.gifts.get("g", { signal: aborted })).rejects.toMatchObject({ name: "AbortError" });
    expect(server.seen).toHaveLength(1);
  });
});

describe("pagination", () => {
  it("follows links.next page after page, on the client's own host (never one the server names)", async () => {
    const server = await serve((req, res) => {
      const after = new URL(req.url, "http://x").searchParams.get("page[after]");
      const page = after === null ? 0 : Number(after);
      const next =
        page < 2 ? `https://elsewhere.example/api/v1/gifts?filter%5Bstage%5D=sent&page%5Bafter%5D=${page + 1}` : null;
      answer(
        res,
        200,
        {
          data: [giftDocument(`gft_${page}a`).data, giftDocument(`gft_${page}b`).data],
          included: [],
          links: { self: "", first: "", next },
        },
        { "Request-Id": `req_page${page}` },
      );
    });
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: server.url });
    const ids: string[] = [];
    for await (const gift of ribbon.gifts.list({ stage: "sent", pageSize: 2 })) ids.push(gift.id);
    expect(ids).toEqual(["gft_0a", "gft_0b", "gft_1a", "gft_1b", "gft_2a", "gft_2b"]);
    expect(server.seen.map((s) => decodeURIComponent(s.url))).toEqual([
      "/api/v1/gifts?filter[stage]=sent&page[size]=2",
      "/api/v1/gifts?filter[stage]=sent&page[after]=1",
      "/api/v1/gifts?filter[stage]=sent&page[after]=2",
    ]);
    const pages = [];
    for await (const page of ribbon.gifts.list().pages()) pages.push(page.requestId);
    expect(pages).toEqual(["req_page0", "req_page1", "req_page2"]);
    expect(await ribbon.gifts.list().toArray(3)).toHaveLength(3);
    expect(server.seen).toHaveLength(3 + 3 + 2); // toArray(3) read two pages only
  });

  it("team-scoped paths and a bare origin as baseUrl", async () => {
    const server = await serve((_req, res) => answer(res, 200, { data: [] }));
    const ribbon = new Ribbon({ apiKey: "k", baseUrl: `http://127.0.0.1:${server.port}` });
    await ribbon.forTeam("acme rockets").budget.get();
    await ribbon.teams.list();
    await ribbon.forTeam("acme").charities.list();
    expect(server.seen.map((s) => s.url)).toEqual([
      "/api/v1/teams/acme%20rockets/budget",
      "/api/v1/teams",
      "/api/v1/charities",
    ]);
  });
});
