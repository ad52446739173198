import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { askForLink, signInLinkFor, uniqueEmail } from "./signin-links";
import { demoCredentials } from "./demo";

/** Signs a fresh user in through the outbox magic link, starting from a page that requires it. */
async function signInFrom(page: Page, request: APIRequestContext, startUrl: string) {
  const email = uniqueEmail("oauth-user");
  await page.goto(startUrl);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await askForLink(page, email);
  await page.goto(await signInLinkFor(request, email));
}

/** Answers the browser's requests to the demo client's redirect URI (nothing listens there). */
async function catchCallbacks(page: Page): Promise<URL[]> {
  const callbacks: URL[] = [];
  await page.route("http://localhost:8976/**", (route) => {
    callbacks.push(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Callback received</h1>" });
  });
  return callbacks;
}

const authorizePath = (params: Record<string, string>) => `/oauth2/authorize?${new URLSearchParams(params)}`;

// A fresh user signs in, authorizes the demo OAuth client, and the client's server exchanges
// the code for a token and calls the API with it. Nothing listens on the redirect URI: the
// browser's request to it is caught and answered here.
test("authorization code flow: sign in, approve, exchange the code once, call the API", async ({ page, request }) => {
  const { oauth_client: client } = demoCredentials();
  const state = "state-" + Date.now();
  const callbacks = await catchCallbacks(page);

  // Not signed in: sign-in first, then back to the consent screen.
  await signInFrom(
    page,
    request,
    authorizePath({ client_id: client.client_id, redirect_uri: client.redirect_uri, response_type: "code", state }),
  );
  await expect(page).toHaveURL(/\/oauth2\/authorize\?/);
  await expect(page.getByTestId("consent")).toHaveText(
    "Demo integration wants to create and send gifts on your behalf, for your teams.",
  );
  await page.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByRole("heading", { name: "Callback received" })).toBeVisible();
  expect(callbacks).toHaveLength(1);
  const callback = callbacks[0];
  expect(callback.origin + callback.pathname).toBe(client.redirect_uri);
  expect(callback.searchParams.get("state")).toBe(state);
  const code = callback.searchParams.get("code");
  expect(code).toBeTruthy();

  const exchange = () =>
    request.post("/oauth2/token", {
      multipart: {
        client_id: client.client_id,
        client_secret: client.client_secret,
        code: code!,
        grant_type: "authorization_code",
        redirect_uri: client.redirect_uri,
      },
    });
  const first = await exchange();
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("no-store");
  const token = await first.json();
  expect(token).toEqual({
    access_token: expect.stringMatching(/^rbn_oat_/),
    token_type: "bearer",
    created_at: expect.any(Number),
  });

  const teams = await request.get("/api/v1/teams", { headers: { Authorization: `Bearer ${token.access_token}` } });
  expect(teams.status()).toBe(200);
  expect((await teams.json()).data).toEqual([]); // a fresh user belongs to no team yet

  const again = await exchange();
  expect(again.status()).toBe(400);
  expect((await again.json()).error).toBe("invalid_grant");
  // The replay revoked the token issued for that code (RFC 6749 §4.1.2).
  expect(
    (await request.get("/api/v1/teams", { headers: { Authorization: `Bearer ${token.access_token}` } })).status(),
  ).toBe(401);
});

test("a collections cap naming a collection the person can't use goes back to the application, never named (issue 29)", async ({
  page,
  request,
}) => {
  const { oauth_client: client, accounts } = demoCredentials();
  const ask = (collections?: string) =>
    authorizePath({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      response_type: "code",
      state: "caps",
      ...(collections ? { collections } : {}),
    });
  await signInFrom(page, request, ask());
  await expect(page.getByTestId("consent")).toBeVisible();
  // An id no collection has: answered as another team's private collection is (lib/oauth/authorize.test.ts).
  // (An HTTP redirect from the server escapes page.route, so read it with the page's cookies.)
  const refused = await page.request.get(ask("2147483647"), { maxRedirects: 0 });
  expect(refused.status()).toBe(307);
  const back = new URL(refused.headers().location);
  expect(back.origin + back.pathname).toBe(client.redirect_uri);
  expect(Object.fromEntries(back.searchParams)).toEqual({
    error: "invalid_request",
    error_description: "collections lists a collection you can't send from.",
    state: "caps",
    iss: new URL(refused.url()).origin, // RFC 9207: the issuer is APP_URL, this server
  });
  // A collection of the global catalogue is named on the consent screen.
  const listed = await request.get("/api/v1/collections", {
    headers: { Authorization: `Bearer ${accounts[0].live_token}` },
  });
  const coffee = (await listed.json()).data.find(
    (c: { attributes: { name: string } }) => c.attributes.name === "Coffee Lovers",
  );
  await page.goto(ask(String(coffee.id)));
  await expect(page.getByTestId("consent-caps")).toContainText("only from Coffee Lovers");
});

test("the account page lists a connected application and revokes its access", async ({ page, request }) => {
  const { oauth_client: client } = demoCredentials();
  const callbacks = await catchCallbacks(page);
  await signInFrom(
    page,
    request,
    authorizePath({ client_id: client.client_id, redirect_uri: client.redirect_uri, response_type: "code" }),
  );
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Callback received" })).toBeVisible();
  const code = callbacks[0].searchParams.get("code")!;
  const form = {
    client_id: client.client_id,
    client_secret: client.client_secret,
    code,
    grant_type: "authorization_code",
    redirect_uri: client.redirect_uri,
  };
  const { access_token } = await (await request.post("/oauth2/token", { form })).json(); // urlencoded this time
  const teams = () => request.get(`/api/v1/teams?access_token=${access_token}`);
  expect((await teams()).status()).toBe(200);

  await page.goto("/account");
  await expect(page.getByTestId("connected-apps")).toContainText("Demo integration");
  await page.getByTestId("connected-apps").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId("connected-apps")).toHaveCount(0);
  expect((await teams()).status()).toBe(401);
});

test("deny, a bad response_type, and links that must not redirect", async ({ page, request }) => {
  const { oauth_client: client } = demoCredentials();
  const callbacks = await catchCallbacks(page);

  // An unregistered redirect URI: an error page, never a redirect, signed in or not.
  await signInFrom(
    page,
    request,
    authorizePath({ client_id: client.client_id, redirect_uri: client.redirect_uri, response_type: "code" }),
  );
  await page.goto(
    authorizePath({
      client_id: client.client_id,
      redirect_uri: "http://localhost:8976/elsewhere",
      response_type: "code",
    }),
  );
  await expect(page.getByRole("heading", { name: "This authorization link doesn't work" })).toBeVisible();
  await expect(page.getByTestId("authorize-error")).toContainText("redirect_uri");
  await page.goto(authorizePath({ client_id: "unknown", redirect_uri: client.redirect_uri, response_type: "code" }));
  await expect(page.getByTestId("authorize-error")).toContainText("client_id");
  expect(callbacks).toHaveLength(0);

  // A trusted client and redirect URI with a bad response_type: the error goes back to the client.
  // (An HTTP redirect from the server escapes page.route, so read it with the page's cookies.)
  const bad = await page.request.get(
    authorizePath({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      response_type: "token",
      state: "s1",
    }),
    { maxRedirects: 0 },
  );
  expect(bad.status()).toBe(307);
  const back = new URL(bad.headers().location);
  expect(back.origin + back.pathname).toBe(client.redirect_uri);
  expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: "unsupported_response_type", state: "s1" });

  // Deny.
  await page.goto(
    authorizePath({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      response_type: "code",
      state: "s2",
    }),
  );
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("heading", { name: "Callback received" })).toBeVisible();
  expect(callbacks).toHaveLength(1);
  expect(Object.fromEntries(callbacks[0].searchParams)).toMatchObject({ error: "access_denied", state: "s2" });
  expect(callbacks[0].searchParams.has("code")).toBe(false);
});

test("a bad client_id or redirect_uri is a 400 page before any sign-in: never a redirect, never consent", async ({
  request,
}) => {
  const { oauth_client: client } = demoCredentials();
  const cases: Record<string, string>[] = [
    { client_id: "\u0000", redirect_uri: client.redirect_uri, response_type: "code" },
    { client_id: "", redirect_uri: client.redirect_uri, response_type: "code" },
    { redirect_uri: client.redirect_uri, response_type: "code" },
    { client_id: "nobody-registered-this", redirect_uri: client.redirect_uri, response_type: "code" },
    { client_id: "x".repeat(10_000), redirect_uri: client.redirect_uri, response_type: "code" },
    { client_id: client.client_id, redirect_uri: `${client.redirect_uri}/`, response_type: "code" },
    { client_id: client.client_id, redirect_uri: client.redirect_uri.toUpperCase(), response_type: "code" },
    { client_id: client.client_id, response_type: "code" },
  ];
  const paths = [
    ...cases.map(authorizePath),
    `/oauth2/authorize?client_id=%FF%FE&redirect_uri=${encodeURIComponent(client.redirect_uri)}&response_type=code`,
  ];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path.slice(0, 80)).toBe(400);
    expect(response.headers()["location"], path.slice(0, 80)).toBeUndefined();
    const html = await response.text();
    expect(html).toContain("This authorization link doesn");
    expect(html).not.toContain('data-testid="consent"');
  }
});

test("PKCE in the browser: an S256 code needs its verifier; the metadata document advertises it", async ({
  page,
  request,
  baseURL,
}) => {
  const metadata = await (await request.get("/.well-known/oauth-authorization-server")).json();
  expect(metadata).toMatchObject({
    issuer: baseURL,
    token_endpoint: `${baseURL}/oauth2/token`,
    code_challenge_methods_supported: ["S256"],
  });

  const { oauth_client: client } = demoCredentials();
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const callbacks = await catchCallbacks(page);
  await signInFrom(
    page,
    request,
    authorizePath({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
    }),
  );
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Callback received" })).toBeVisible();
  const code = callbacks[0].searchParams.get("code")!;

  const exchange = (code_verifier?: string) =>
    request.post("/oauth2/token", {
      form: {
        client_id: client.client_id,
        client_secret: client.client_secret,
        code,
        grant_type: "authorization_code",
        redirect_uri: client.redirect_uri,
        ...(code_verifier ? { code_verifier } : {}),
      },
    });
  expect((await (await exchange()).json()).error).toBe("invalid_grant");
  expect((await (await exchange(randomBytes(32).toString("base64url"))).json()).error).toBe("invalid_grant");
  const ok = await exchange(verifier);
  expect(ok.status()).toBe(200);

  // plain is refused at the authorization request: the error goes back to the client.
  const plain = await page.request.get(
    authorizePath({
      client_id: client.client_id,
      redirect_uri: client.redirect_uri,
      response_type: "code",
      code_challenge: verifier,
      code_challenge_method: "plain",
    }),
    { maxRedirects: 0 },
  );
  const back = new URL(plain.headers()["location"]);
  expect(back.origin + back.pathname).toBe(client.redirect_uri);
  expect(back.searchParams.get("error")).toBe("invalid_request");
});
