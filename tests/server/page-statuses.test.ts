import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";
import { signIn } from "./sign-in";
import { newLinkGift } from "./untie";

// The pages' status codes on the default configuration (HOST unset: 127.0.0.1), which the
// browser tests (HOST=0.0.0.0, playwright.config.ts) don't run. A status that holds on one HOST
// and not the other was seen: the bad authorization link's 400 was a 200 here.
const PORT = Number(process.env.PAGE_STATUS_PORT) || 4237;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(PORT);
});

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

describe("on the default HOST (127.0.0.1)", () => {
  it("a bad client_id or redirect_uri is a 400 page before any sign-in: never a redirect, never consent", async () => {
    const client = server.credentials.oauth_client;
    const cases: Record<string, string>[] = [
      { client_id: "\u0000", response_type: "code" },
      { client_id: "\u0000", redirect_uri: client.redirect_uri, response_type: "code" },
      { client_id: "", redirect_uri: client.redirect_uri, response_type: "code" },
      { redirect_uri: client.redirect_uri, response_type: "code" },
      { client_id: "nobody-registered-this", redirect_uri: client.redirect_uri, response_type: "code" },
      { client_id: client.client_id, redirect_uri: `${client.redirect_uri}/`, response_type: "code" },
      { client_id: client.client_id, response_type: "code" },
    ];
    const statuses: string[] = [];
    for (const query of cases) {
      const path = `/oauth2/authorize?${new URLSearchParams(query)}`;
      const response = await get(path);
      statuses.push(`${path} ${response.status}`);
      expect(response.headers.get("location"), path).toBeNull();
      const html = await response.text();
      expect(html, path).toContain("This authorization link doesn");
      expect(html, path).not.toContain('data-testid="consent"');
    }
    expect(statuses).toEqual(cases.map((q) => `/oauth2/authorize?${new URLSearchParams(q)} 400`));
    // A good link, signed out: to sign-in and back.
    const good = await get(
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: client.redirect_uri, response_type: "code" })}`,
    );
    expect(good.status).toBe(307);
    expect(good.headers.get("location")).toMatch(/\/signin\?callbackUrl=/);
  });

  it("an unknown page and an unknown untie link are 404", async () => {
    expect((await get("/no-such-page")).status).toBe(404);
    expect((await get(`/untie/${"Z".repeat(43)}`)).status).toBe(404);
  });

  // The site's 404 (app/global-not-found.tsx) answers unmatched addresses only: as a root
  // not-found.tsx it was rendered into every page's payload, the recipient's page included.
  const SITE_404 = "copied whole: open it again from your gift email";
  it("an unmatched address gets the site's 404 with the header of whoever asks; no other page carries it", async () => {
    const cookie = await signIn(server, server.credentials.accounts[0].email);
    for (const [who, headers, link] of [
      ["a stranger", {}, 'href="/signin"'],
      ["someone signed in", { cookie }, 'href="/account"'],
    ] as const) {
      for (const path of ["/no-such-page", "/untie/x/y/z", "/dashboard/x/y/z/w"]) {
        const res = await get(path, headers);
        const html = await res.text();
        expect(res.status, `${path} for ${who}`).toBe(404);
        expect(html, `${path} for ${who}`).toContain("<title>Page not found — Ribbon</title>");
        expect(html, `${path} for ${who}`).toContain(SITE_404);
        expect(html, `${path} for ${who}`).toContain(link);
      }
    }
    const untie = await (await get(await newLinkGift(server))).text();
    expect(untie).toContain('data-testid="untie-root"');
    expect(untie).not.toContain(SITE_404);
    expect(untie).not.toContain('href="/signin"');
  });

  it("a team's pages are a 404 to a member of another team, the same as a team that doesn't exist", async () => {
    const [acme, globex] = server.credentials.accounts;
    const created = await fetch(`${server.url}/api/v1/teams/${acme.teams[0]}/gifts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${acme.live_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        gift: { name: "Kim", delivery_method: "link", collection: "Coffee Lovers", message: "Hi", from: "Acme" },
      }),
    });
    expect(created.status).toBe(200);
    const giftId = ((await created.json()) as { data: { id: string } }).data.id;
    const cookie = await signIn(server, globex.email);
    expect((await get(`/dashboard/${globex.teams[0]}`, { cookie })).status).toBe(200);

    const pagesOf = (team: string) => [
      `/dashboard/${team}`,
      `/dashboard/${team}?mode=sandbox`,
      `/dashboard/${team}/send`,
      `/dashboard/${team}/upload`,
      `/dashboard/${team}/gifts/${giftId}`,
      `/dashboard/${team}/export.csv`,
      `/teams/${team}`,
    ];
    const paths = [
      ...pagesOf(acme.teams[0]),
      ...pagesOf("no-such-team-anywhere"),
      `/dashboard/${globex.teams[0]}/gifts/${giftId}`,
    ];
    const answers: string[] = [];
    for (const path of paths) {
      const response = await get(path, { cookie });
      answers.push(`${path} ${response.status}`);
      expect((await response.text()).includes("Kim"), `${path} shows the gift`).toBe(false);
    }
    expect(answers).toEqual(paths.map((p) => `${p} 404`));
  });
});
