import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logRequest } from "@/lib/api/request-id";
import { routeOf } from "./event-loop.mjs";
import { loggedPath, loggedText, ROUTE_SEGMENTS } from "./log-path.mjs";

const APP = path.join(process.cwd(), "app");

/** Every folder of app/ with a dynamic segment, as its route's URL reads (route groups and slots left out). */
function dynamicRoutes(dir = APP, url: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name === "node_modules") continue;
    const hidden = /^\(.*\)$/.test(entry.name) || entry.name.startsWith("@");
    const next = hidden ? url : [...url, entry.name];
    if (entry.name.startsWith("[")) found.push(`/${next.join("/")}`);
    found.push(...dynamicRoutes(path.join(dir, entry.name), next));
  }
  return found;
}

const namesIn = (route: string) => [...route.matchAll(/\[(?:\[)?(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]);

/** A path of `route` with each dynamic segment given by `value` (a catch-all: two segments). */
const pathOf = (route: string, value: (name: string) => string) =>
  route.replace(/\[(\[)?(\.\.\.)?([^\]]+)\]\]?/g, (_, _optional, all, name) =>
    all ? `${value(name)}/${value(name)}2` : value(name),
  );

describe("which dynamic segments a log may carry", () => {
  const routes = dynamicRoutes();

  it("finds the app's dynamic routes (the walk works)", () => {
    expect(routes).toEqual(expect.arrayContaining(["/untie/[token]", "/api/v1/suppressions/[email]"]));
  });

  it("every dynamic segment of app/ is declared safe to log or secret, and every declaration is a route", () => {
    const undeclared = routes.flatMap((route) =>
      namesIn(route)
        .filter((name) => !["safe", "secret"].includes(ROUTE_SEGMENTS[route]?.[name]))
        .map((name) => `${route}: [${name}]`),
    );
    expect(undeclared, "declare each in lib/http/log-path.mjs ROUTE_SEGMENTS").toEqual([]);
    expect(Object.keys(ROUTE_SEGMENTS).filter((route) => !routes.includes(route))).toEqual([]);
    for (const [route, segments] of Object.entries(ROUTE_SEGMENTS))
      expect(Object.keys(segments).sort(), route).toEqual(namesIn(route).sort());
  });

  it("on every route, a secret segment's value never reaches the log; a safe one does", () => {
    for (const route of routes) {
      const value = (name: string) => `${ROUTE_SEGMENTS[route][name]}Value${name}`;
      for (const tail of ["", "/choose", "?token=tok-secret&email=a%40b.c"]) {
        const logged = loggedPath(pathOf(route, value) + tail);
        for (const name of namesIn(route)) {
          if (ROUTE_SEGMENTS[route][name] === "secret") {
            expect(logged, route).not.toContain(value(name));
            expect(logged, route).toContain(`:${name}`);
          } else expect(logged, route).toContain(value(name));
        }
        expect(logged).not.toMatch(/tok-secret|a%40b|\?/);
      }
    }
  });

  it("on every route, an address in any dynamic segment is `:email`, however it is encoded", () => {
    const addresses = [
      "alice@example.com",
      "alice%40example.com",
      "Alice%2540Example.com",
      "alice%252540example.com",
      "%61lice%40example.com",
      "alice%40example.com%ZZ",
    ];
    for (const route of routes)
      for (const address of addresses) {
        const logged = loggedPath(pathOf(route, () => address));
        expect(logged, `${route} ${address}`).not.toMatch(/alice|@|%40|%25/i);
      }
  });
});

describe("loggedPath", () => {
  it("keeps what a route declares safe and the static parts; redacts addresses and secrets; drops the query", () => {
    expect(loggedPath("/api/v1/suppressions/alice%40example.com")).toBe("/api/v1/suppressions/:email");
    expect(loggedPath("/api/v1/suppressions/not-an-address")).toBe("/api/v1/suppressions/:email");
    expect(loggedPath("/api/v1/teams/team_1/suppressions/a@b.c")).toBe("/api/v1/teams/team_1/suppressions/:email");
    expect(loggedPath("/api/v1/teams/team_1/gifts/gft_1/simulate")).toBe("/api/v1/teams/team_1/gifts/gft_1/simulate");
    expect(loggedPath("/api/v1/gifts/gft_2?access_token=rbn_live_x")).toBe("/api/v1/gifts/gft_2");
    expect(loggedPath("/api/v1/gifts")).toBe("/api/v1/gifts");
    expect(loggedPath("/api/v1/no/such/path")).toBe("/api/v1/no/such/path");
    expect(loggedPath("/api/v1/no/bob%40example.com")).toBe("/api/v1/no/:email");
    expect(loggedPath("/untie/3kq9SECRET/choose")).toBe("/untie/:token/choose");
    expect(loggedPath("/unsubscribe/gft_1.hmacSECRET")).toBe("/unsubscribe/:token");
    expect(loggedPath("/invitations/inv_SECRET#x")).toBe("/invitations/:token");
    expect(loggedPath("/api/auth/callback/email?token=SECRET&email=a%40b.c")).toBe("/api/auth/callback/email");
    expect(loggedPath("/dashboard/acme/gifts/gft_3")).toBe("/dashboard/acme/gifts/gft_3");
    expect(loggedPath("/_next/static/chunks/app.js")).toBe("/_next/static/chunks/app.js");
    expect(loggedPath("/favicon.ico?v=2")).toBe("/favicon.ico");
  });

  it("hostile paths: huge, malformed escapes, empty segments, not starting with a slash", () => {
    const huge = loggedPath(`/api/v1/gifts/${"x".repeat(100_000)}`);
    expect(huge.length).toBeLessThanOrEqual(200);
    expect(loggedPath("/api/v1/suppressions/%E0%A4%A")).toBe("/api/v1/suppressions/:email");
    expect(loggedPath("/api/v1//gifts/%FF")).toBe("/api/v1/gifts/%FF");
    expect(loggedPath("//untie//SECRET")).toBe("/untie/:token");
    expect(loggedPath("")).toBe("");
    expect(loggedPath("*")).toBe("*");
    expect(loggedPath(`/a/${"%25".repeat(10)}40x`)).toBe("/a/:email");
  });
});

describe("the log lines", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("the API's request log names DELETE /suppressions/:email, never the address", () => {
    vi.stubEnv("RIBBON_LOG_REQUESTS", "on");
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    for (const url of [
      "http://localhost/api/v1/suppressions/alice%40example.com",
      "http://localhost/api/v1/teams/team_1/suppressions/alice@example.com?access_token=rbn_SECRET",
    ])
      logRequest("req_1", new Request(url, { method: "DELETE" }), 200, performance.now());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^req_1 DELETE \/api\/v1\/suppressions\/:email 200 \d+ms$/);
    expect(lines[1]).toMatch(/^req_1 DELETE \/api\/v1\/teams\/team_1\/suppressions\/:email 200 \d+ms$/);
    expect(lines.join("\n")).not.toMatch(/alice|SECRET/);
  });

  it("the event loop's block log names routes the same way", () => {
    expect(routeOf("GET", "/unsubscribe/gft_1.SECRET?x=1")).toBe("GET /unsubscribe/:token");
    expect(routeOf("DELETE", "/api/v1/suppressions/alice%40example.com")).toBe("DELETE /api/v1/suppressions/:email");
  });
});

describe("a free text in a log line", () => {
  it("says no address a provider's message quotes, and stays one bounded line", () => {
    const line = loggedText(
      "550 5.1.1 <Robin.Doe+gifts@Example.co.uk>: Recipient address rejected\nfor robin@example.com",
    );
    expect(line).toBe("550 5.1.1 <:email>: Recipient address rejected for :email");
    expect(loggedText(`${"a@b ".repeat(500)}`).length).toBeLessThanOrEqual(200);
    expect(loggedText("timeout after 3000 ms")).toBe("timeout after 3000 ms");
  });
});
