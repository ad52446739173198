import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";
import { newLinkGift } from "./untie";

// Every page's CSP nonce and security headers come from scripts/http-guard.mjs
// (lib/http/page-headers.mjs), before Next: a client's own values are replaced, never believed.
const PORT = Number(process.env.PAGE_HEADERS_PORT) || 4237;
let server: RunningServer;
let arabicUntie: string;

beforeAll(async () => {
  server = await startServer(PORT);
  arabicUntie = await newLinkGift(server, { name: "Rana", locale: "ar" });
});

afterAll(async () => {
  await server?.stop();
});

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const scriptNonces = (html: string) => new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));

it("every page's scripts carry the nonce of its own response's CSP, a fresh one each request", async () => {
  const seen = new Set<string>();
  for (const path of ["/", "/signin", "/no-such-page", arabicUntie, "/oauth2/authorize?client_id=nope"]) {
    const res = await fetch(`${server.url}${path}`);
    const nonce = nonceOf(res.headers.get("content-security-policy"));
    expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(scriptNonces(await res.text()), path).toEqual(new Set([nonce]));
    expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    seen.add(nonce!);
  }
  expect(seen.size).toBe(5);
});

it("a client's own Content-Security-Policy is replaced: its nonce is never used", async () => {
  // (A forged x-ribbon-path, replaced the same way: e2e/untie-locales.spec.ts.)
  const forged = { "content-security-policy": "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='" };
  for (const path of ["/", arabicUntie]) {
    const res = await fetch(`${server.url}${path}`, { headers: forged });
    const nonce = nonceOf(res.headers.get("content-security-policy"));
    expect(nonce, path).not.toBe("AAAAAAAAAAAAAAAAAAAAAA==");
    expect(scriptNonces(await res.text()), path).toEqual(new Set([nonce]));
  }
});

it("the API and static files get no page headers (no nonce to give them)", async () => {
  const api = await fetch(`${server.url}/api/v1/teams`);
  expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  const icon = await fetch(`${server.url}/icon.svg`);
  expect(icon.status).toBe(200);
  expect(icon.headers.get("content-security-policy")).toBeNull();
});
