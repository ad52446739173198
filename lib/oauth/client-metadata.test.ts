import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { socketHeaders } from "@/lib/testing/socket-headers";
import { config } from "@/lib/config";
import { createAccount } from "@/lib/testing/fixtures";
import { openDatabaseForFile } from "@/app/api/v1/__tests__/helpers";
import { approveAuthorization, checkAuthorizationRequest, exchangeAuthorizationCode } from ".";
import { isMetadataClientId, METADATA_FAILURE_TTL_MS, METADATA_TIMEOUT_MS, METADATA_TTL_MS } from "./client-metadata";

// Client ID Metadata Documents, served by this test on loopback (RIBBON_WEBHOOKS_ALLOW_PRIVATE=1
// in the test environment, as a developer's machine would set it): fetched, cached, checked.
const t = openDatabaseForFile();
const REDIRECT = "http://127.0.0.1:8976/callback";
const VERIFIER = "a-code-verifier-of-forty-three-characters-or-more";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");
const documents = new Map<string, () => string>();
const fetched = new Map<string, number>();
/** Paths answered after this many ms; `Infinity`: never answered (the connection stays open). */
const delays = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    fetched.set(req.url!, (fetched.get(req.url!) ?? 0) + 1);
    const answer = () => {
      const doc = documents.get(req.url!);
      if (!doc) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(doc());
    };
    const delay = delays.get(req.url!) ?? 0;
    if (delay === Infinity) return;
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** A browser's request from `address`, as scripts/http-guard.mjs hands it on. */
const from = (address: string) => ({ headers: socketHeaders(address) });
let addresses = 0;
/** An address no other test used (the limiter's counts outlive a test). */
const freshAddress = () => `198.51.100.${++addresses}`;

/**
 * One GET /oauth2/authorize as the server runs it: proxy.ts's check (its 400), then the
 * page's (title and page share one), then, signed in, the page's check for the person.
 */
async function authorizationRequest(clientId: string, address: string, over: Record<string, string> = {}) {
  const q = query(clientId, over);
  const url = `${config.appUrl}/oauth2/authorize?${new URLSearchParams(q)}`;
  const proxied = await proxy(new NextRequest(url, { headers: socketHeaders(address) }));
  const page = await checkAuthorizationRequest(t.db, q, undefined, from(address));
  const signedIn =
    page.status === "consent"
      ? await checkAuthorizationRequest(t.db, q, { userId: (await person()).user.id }, from(address))
      : page;
  return { status: proxied.status, page, signedIn };
}
let someone: Awaited<ReturnType<typeof createAccount>> | undefined;
const person = async () => (someone ??= await createAccount(t.db));

/** Publishes a document at `path`; returns its URL (the client_id). */
function publish(path: string, over: Record<string, unknown> = {}, raw?: string) {
  const clientId = `${base}${path}`;
  documents.set(
    path,
    () => raw ?? JSON.stringify({ client_id: clientId, client_name: "Desk Agent", redirect_uris: [REDIRECT], ...over }),
  );
  return clientId;
}

const query = (clientId: string, over: Record<string, string> = {}) => ({
  client_id: clientId,
  redirect_uri: REDIRECT,
  response_type: "code",
  code_challenge: CHALLENGE,
  code_challenge_method: "S256",
  resource: `${config.appUrl}/api/mcp`,
  ...over,
});

describe("a client known by its metadata document", () => {
  it("is asked for consent as unverified, with its URL's host; fetched once an hour; a public client with PKCE", async () => {
    const clientId = publish("/agent.json");
    const check = await checkAuthorizationRequest(t.db, query(clientId));
    expect(check).toMatchObject({
      status: "consent",
      resource: "mcp",
      client: { clientId, name: "Desk Agent", verified: false, host: new URL(base).host },
    });
    await checkAuthorizationRequest(t.db, query(clientId));
    expect(fetched.get("/agent.json")).toBe(1);
    const owner = await createAccount(t.db);
    const approved = await approveAuthorization(t.db, {
      clientId,
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      resource: "mcp",
      caps: { perGiftCents: 5_000, dailyCents: 10_000, monthlyCents: null, collectionIds: null },
      mode: "sandbox",
      userId: owner.user.id,
    });
    if (approved.status !== "redirect") throw new Error(approved.reason);
    // No secret: the client_id alone and the verifier.
    const token = await exchangeAuthorizationCode(t.db, {
      grantType: "authorization_code",
      clientId,
      code: approved.code,
      redirectUri: REDIRECT,
      codeVerifier: VERIFIER,
      resource: `${config.appUrl}/api/mcp`,
    });
    const row = await t.db.oAuthToken.findFirstOrThrow({ where: { client: { clientId } } });
    expect(row).toMatchObject({ resource: "mcp", mode: "sandbox" });
    expect(token.accessToken).toMatch(/^rbn_oat_/);
    // An hour later it is fetched again (a changed document takes effect).
    await t.db.oAuthClient.update({
      where: { clientId },
      data: { metadataFetchedAt: new Date(Date.now() - METADATA_TTL_MS - 1000) },
    });
    await checkAuthorizationRequest(t.db, query(clientId));
    expect(fetched.get("/agent.json")).toBe(2);
  });

  it("a document's loopback redirect URI is used on any port (RFC 8252 §7.3), other hosts' exactly", async () => {
    const clientId = publish("/portless.json", {
      redirect_uris: ["http://127.0.0.1/callback", "https://desk.example/callback"],
    });
    for (const redirect of ["http://127.0.0.1:4305/callback", "http://127.0.0.1:61999/callback"])
      expect(
        await checkAuthorizationRequest(t.db, query(clientId, { redirect_uri: redirect })),
        redirect,
      ).toMatchObject({
        status: "consent",
        redirectUri: redirect,
      });
    for (const redirect of ["https://desk.example:8443/callback", "http://localhost:4305/callback"])
      expect(
        await checkAuthorizationRequest(t.db, query(clientId, { redirect_uri: redirect })),
        redirect,
      ).toMatchObject({
        status: "invalid",
        code: "unknown-redirect",
      });
  });

  it("an MCP grant without caps per gift and per day, or without PKCE, is never issued", async () => {
    const clientId = publish("/strict.json");
    const owner = await createAccount(t.db);
    const base = { clientId, redirectUri: REDIRECT, resource: "mcp" as const, userId: owner.user.id };
    const uncapped = await approveAuthorization(t.db, { ...base, codeChallenge: CHALLENGE, caps: null });
    expect(uncapped).toMatchObject({ status: "invalid", reason: expect.stringContaining("per gift and per day") });
    const noDaily = await approveAuthorization(t.db, {
      ...base,
      codeChallenge: CHALLENGE,
      caps: { perGiftCents: 100, dailyCents: null, monthlyCents: 100_000, collectionIds: null },
    });
    expect(noDaily.status).toBe("invalid");
    const check = await checkAuthorizationRequest(t.db, {
      ...query(clientId),
      code_challenge: undefined,
      code_challenge_method: undefined,
    } as never);
    expect(check.status).toBe("redirect");
    expect((check as { to: string }).to).toContain("error=invalid_request");
    expect(await t.db.oAuthCode.count({ where: { client: { clientId } } })).toBe(0);
  });

  it("refuses hostile documents: oversized, another client_id, a secret, a bad redirect URI, not JSON", async () => {
    const cases = [
      publish("/big.json", { padding: "x".repeat(6 * 1024) }),
      publish("/other.json", { client_id: "https://elsewhere.example/client.json" }),
      publish("/secret.json", { client_secret: "s3cret" }),
      publish("/javascript.json", { redirect_uris: ["javascript:alert(1)"] }),
      publish("/wildcard.json", { redirect_uris: ["https://*.example.com/cb"] }),
      publish("/not-json.json", {}, "<html>"),
      `${base}/missing.json`,
    ];
    for (const clientId of cases) {
      const check = await checkAuthorizationRequest(t.db, query(clientId));
      expect(check, clientId).toMatchObject({ status: "invalid", code: "unreadable-metadata" });
    }
    // A redirect URI the document does not list is never redirected to.
    const clientId = publish("/listed.json");
    expect(
      await checkAuthorizationRequest(t.db, query(clientId, { redirect_uri: "https://evil.example/cb" })),
    ).toMatchObject({
      status: "invalid",
      code: "unknown-redirect",
    });
  });

  it("one authorization request fetches a new client's document once: proxy, page and signed-in check share it", async () => {
    const clientId = publish("/once.json");
    const address = freshAddress();
    const first = await authorizationRequest(clientId, address);
    expect(first.status).toBe(200);
    expect(first.signedIn).toMatchObject({ status: "consent", client: { clientId, verified: false } });
    expect(fetched.get("/once.json")).toBe(1);
    await authorizationRequest(clientId, address);
    expect(fetched.get("/once.json")).toBe(1);
  });

  it("a refused document is fetched once, then refused from memory for a minute, then fetched again", async () => {
    const address = freshAddress();
    const cases = [publish("/refused.json", { client_secret: "s" }), `${base}/gone.json`];
    for (const clientId of cases) {
      const path = new URL(clientId).pathname;
      for (let i = 0; i < 4; i++) {
        const { status, page } = await authorizationRequest(clientId, address);
        expect(status, path).toBe(400);
        expect(page).toMatchObject({ status: "invalid", code: "unreadable-metadata" });
        expect((page as { reason: string }).reason).toContain("could not be fetched within 3 seconds");
      }
      expect(fetched.get(path), path).toBe(1);
    }
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + METADATA_FAILURE_TTL_MS + 1000 });
    // Fixed since: read again once the minute is over.
    publish("/gone.json");
    const later = await authorizationRequest(`${base}/gone.json`, address);
    expect(later.status).toBe(200);
    expect(fetched.get("/gone.json")).toBe(2);
  });

  it("five concurrent authorizations of a new client fetch its document once", async () => {
    const clientId = publish("/five.json");
    delays.set("/five.json", 200);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        checkAuthorizationRequest(t.db, query(clientId), undefined, from(`203.0.113.${i + 1}`)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill("consent"));
    expect(fetched.get("/five.json")).toBe(1);
    // The same for a document that fails: one fetch, five refusals.
    const failing = `${base}/five-missing.json`;
    delays.set("/five-missing.json", 200);
    const refused = await Promise.all(
      Array.from({ length: 5 }, () => checkAuthorizationRequest(t.db, query(failing), undefined, from(freshAddress()))),
    );
    expect(refused.map((r) => (r as { code?: string }).code)).toEqual(Array(5).fill("unreadable-metadata"));
    expect(fetched.get("/five-missing.json")).toBe(1);
  });

  it("a document that never answers is given up after 3 s, and the next request is refused at once", async () => {
    const clientId = publish("/never.json");
    delays.set("/never.json", Infinity);
    const address = freshAddress();
    const started = performance.now();
    const slow = await authorizationRequest(clientId, address);
    const took = performance.now() - started;
    expect(slow.status).toBe(400);
    expect(slow.page).toMatchObject({ status: "invalid", code: "unreadable-metadata" });
    expect(took).toBeGreaterThanOrEqual(METADATA_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(METADATA_TIMEOUT_MS + 1500);
    console.info(`a document that never answers: the authorization request answered 400 after ${Math.round(took)} ms`);
    const again = performance.now();
    expect((await authorizationRequest(clientId, address)).status).toBe(400);
    expect(performance.now() - again).toBeLessThan(500);
    expect(fetched.get("/never.json")).toBe(1);
  });

  it("what can be judged without the document is, first: such links fetch nothing", async () => {
    const clientId = publish("/unjudged.json");
    for (const over of [
      { redirect_uri: "javascript:alert(1)" } as Record<string, string>,
      { redirect_uri: "https://*.example.com/cb" },
      { redirect_uri: "" },
      { client_id: `${clientId}?${"x".repeat(300)}` },
      { client_id: `${clientId}\u0000` },
    ]) {
      const check = await checkAuthorizationRequest(t.db, query(clientId, over), undefined, from(freshAddress()));
      expect(check.status, JSON.stringify(over)).toBe("invalid");
    }
    expect(fetched.get("/unjudged.json") ?? 0).toBe(0);
  });

  it("fetches are limited per browser address; a known client and other addresses are still served", async () => {
    vi.stubEnv("RIBBON_RATE_LIMIT_CLIENT_METADATA_PER_IP", "3");
    const busy = freshAddress();
    const known = publish("/known.json");
    expect((await checkAuthorizationRequest(t.db, query(known), undefined, from(busy))).status).toBe("consent");
    for (const i of [1, 2]) {
      const check = await checkAuthorizationRequest(t.db, query(publish(`/new-${i}.json`)), undefined, from(busy));
      expect(check.status).toBe("consent");
    }
    const over = publish("/new-3.json");
    const limited = await checkAuthorizationRequest(t.db, query(over), undefined, from(busy));
    expect(limited).toMatchObject({ status: "invalid", code: "metadata-rate-limited" });
    expect(fetched.get("/new-3.json") ?? 0).toBe(0);
    // Not remembered as the document's failure: another address fetches it.
    expect((await checkAuthorizationRequest(t.db, query(over), undefined, from(freshAddress()))).status).toBe(
      "consent",
    );
    expect(fetched.get("/new-3.json")).toBe(1);
    // A client read within the hour needs no fetch, whatever the address's count.
    expect((await checkAuthorizationRequest(t.db, query(known), undefined, from(busy))).status).toBe("consent");
    expect(fetched.get("/known.json")).toBe(1);
  });

  it("takes only https URLs with a path (http on loopback only where private addresses are allowed)", () => {
    expect(isMetadataClientId("https://agent.example/client.json")).toBe(true);
    expect(isMetadataClientId("https://agent.example/")).toBe(false);
    expect(isMetadataClientId("https://user:pw@agent.example/c.json")).toBe(false);
    expect(isMetadataClientId("https://agent.example/c.json#x")).toBe(false);
    expect(isMetadataClientId("http://agent.example/c.json")).toBe(false);
    expect(isMetadataClientId("http://127.0.0.1:9/c.json")).toBe(true);
    expect(isMetadataClientId("abc123")).toBe(false);
  });
});
