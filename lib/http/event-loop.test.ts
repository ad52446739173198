import { afterEach, describe, expect, it } from "vitest";
import { createBlockDetector, routeOf, startEventLoopWatch, type EventLoopWatch } from "./event-loop.mjs";

// Issue 30 §3: a blocked event loop is logged (once per 10 s at most) with the routes in flight,
// and its delay figures are there for the health endpoint (tests/server/stall.test.ts reads them
// over HTTP from the production server).

/** Keeps this thread busy for `ms`: a synchronous block, like a parse that never yields. */
function blockFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Resolves once `check` holds, looking every few milliseconds (the watch ticks every 50 ms). */
async function until(check: () => boolean, timeoutMs = 5_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("routeOf", () => {
  it("names a request by method and path, without the query string or a secret path segment", () => {
    expect(routeOf("POST", "/dashboard/acme/upload?mode=sandbox")).toBe("POST /dashboard/acme/upload");
    expect(routeOf("GET", "/api/auth/callback/email?token=secret&email=a%40b.c")).toBe("GET /api/auth/callback/email");
    expect(routeOf("GET", "/untie/3kq9SECRETtoken")).toBe("GET /untie/:token");
    expect(routeOf("POST", "/untie/3kq9SECRETtoken/choose")).toBe("POST /untie/:token/choose");
    expect(routeOf("GET", "/invitations/inv_SECRET?x=1")).toBe("GET /invitations/:token");
  });
});

describe("the block detector", () => {
  it("logs a block of 200 ms or more with its routes, then at most once per 10 s, and keeps stalls of 50 ms or more", () => {
    const lines: string[] = [];
    let now = 0;
    let routes = ["POST /dashboard/acme/upload"];
    const detector = createBlockDetector({ routes: () => routes, log: (l) => lines.push(l), now: () => now });

    detector.observe(30);
    detector.observe(120);
    expect(lines).toEqual([]);
    expect(detector.stalls().map((s) => s.ms)).toEqual([120]);

    detector.observe(850);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: "warn", msg: "event loop blocked", blocked_ms: 850, routes: ["POST /dashboard/acme/upload"] },
    ]);

    now += 9_999;
    routes = ["GET /api/v1/teams"];
    detector.observe(400);
    expect(lines).toHaveLength(1);

    now += 1;
    routes = ["POST /api/v1/bulk/gifts", "GET /api/v1/teams"];
    detector.observe(250);
    expect(JSON.parse(lines[1])).toEqual({
      level: "warn",
      msg: "event loop blocked",
      blocked_ms: 250,
      routes: ["POST /api/v1/bulk/gifts", "GET /api/v1/teams"],
      blocks_not_logged_since_last: 1,
    });
    expect(detector.blocks()).toBe(3);
    expect(detector.stalls().map((s) => s.ms)).toEqual([250, 400, 850, 120]);
  });
});

describe("the event loop watch", () => {
  let watch: EventLoopWatch | undefined;
  afterEach(() => watch?.stop());

  it("logs a real block once, with the request that was running, and reports it in its figures", async () => {
    const lines: string[] = [];
    watch = startEventLoopWatch({ log: (l) => lines.push(l) });
    await until(() => watch!.figures().delay_max_ms !== null);
    expect(watch.figures().delay_max_ms).toBeLessThan(200);

    // A request that blocks the loop for 300 ms and answers at the end of it, and one that idles meanwhile.
    const idle = watch.request("GET", "/api/v1/teams?page[size]=1");
    const end = watch.request("POST", "/dashboard/acme/upload?x=1");
    blockFor(300);
    end();
    await until(() => lines.length > 0);
    idle();
    const logged = JSON.parse(lines[0]);
    expect(logged.msg).toBe("event loop blocked");
    expect(logged.blocked_ms).toBeGreaterThanOrEqual(200);
    expect(logged.routes.sort()).toEqual(["GET /api/v1/teams", "POST /dashboard/acme/upload"]);

    // A second block right after is counted, not logged (once per 10 s).
    const again = watch.request("POST", "/api/v1/bulk/gifts");
    blockFor(300);
    again();
    await until(() => watch!.figures().blocks_since_start === 2);
    expect(lines).toHaveLength(1);

    const figures = watch.figures();
    expect(figures.delay_max_ms).toBeGreaterThanOrEqual(250);
    expect(figures.delay_p99_ms).toBeGreaterThan(0);
    expect(figures.window_seconds).toBe(60);
    expect(figures.recent_stalls[0].routes).toContain("POST /api/v1/bulk/gifts");
  });
});
