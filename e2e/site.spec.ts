import { request as httpRequest } from "node:http";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { demoCredentials } from "./demo";
import { secondAddress } from "./raw-http";
import { askForLink, signInLinkFor, uniqueEmail } from "./signin-links";

/** WCAG contrast of an element's text against its own background colour (both opaque rgb). */
async function contrastOf(element: Locator): Promise<number> {
  const [fg, bg] = await element.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  const luminance = (rgb: string) => {
    const [r, g, b] = rgb
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** A GET with exactly the headers given (Host included), as a client off this machine could send it. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const header = (page: Page) => page.getByRole("banner");
const footer = (page: Page) => page.getByRole("contentinfo");

test("every site page has the header, the footer, a skip link and a '— Ribbon' title", async ({ page }) => {
  const pages: [string, string, number][] = [
    ["/", "Ribbon — gifts people actually want", 200],
    ["/signin", "Sign in — Ribbon", 200],
    ["/signin/check-email", "Check your email — Ribbon", 200],
    ["/docs", "API reference — Ribbon", 200],
    ["/docs/search?q=gifts", "Search the docs — Ribbon", 200],
    ["/no-such-page", "Page not found — Ribbon", 404],
  ];
  for (const [path, title, status] of pages) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(status);
    await expect(page, path).toHaveTitle(title);
    await expect(header(page).getByRole("link", { name: "Ribbon", exact: true }), path).toHaveAttribute("href", "/");
    await expect(header(page).getByRole("link", { name: "Docs" }), path).toHaveAttribute("href", "/docs");
    await expect(header(page).getByRole("link", { name: "Sign in" }), path).toHaveAttribute("href", "/signin");
    await expect(footer(page).getByRole("link", { name: "OpenAPI document" }), path).toHaveAttribute(
      "href",
      "/api/v1/openapi.json",
    );
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
  }
  // The skip link is the first stop of the keyboard and lands past the header.
  await page.goto("/signin");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#content$/);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
});

test("the favicon, the apple icon and the manifest are served", async ({ request }) => {
  expect((await request.get("/icon.svg")).headers()["content-type"]).toContain("image/svg+xml");
  const apple = await request.get("/apple-icon");
  expect(apple.status()).toBe(200);
  expect(apple.headers()["content-type"]).toBe("image/png");
  expect([...(await apple.body()).subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest.name).toBe("Ribbon");
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});

test("the home page explains Ribbon and leads to sign-in and the docs", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "For companies" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "For developers" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Example: send a gift with curl" })).toContainText("/api/v1/gifts");
  for (const image of await page.getByRole("main").locator("img").all()) {
    await image.scrollIntoViewIfNeeded(); // the collections are loaded lazily
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: String(await image.getAttribute("src")),
      })
      .toBe(true);
  }
  expect(requests.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true); // nothing from elsewhere
  expect(await contrastOf(page.getByRole("main").getByRole("link", { name: "Sign in" }))).toBeGreaterThanOrEqual(4.5);

  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Sign in to Ribbon" })).toBeVisible();
  expect(await contrastOf(page.getByRole("button", { name: "Email me a sign-in link" }))).toBeGreaterThanOrEqual(4.5);
  await page.goBack();
  await page.getByRole("main").getByRole("link", { name: "Read the docs" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ribbon API reference" })).toBeVisible();
});

test("on a 390×844 phone the site's pages need no sideways scrolling", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  for (const path of ["/", "/signin", "/signin?error=Verification", "/docs", "/no-such-page"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await phone.close();
});

test("signed in, the header offers Account and Sign out, and signing out works", async ({ page, request, baseURL }) => {
  const email = uniqueEmail("header");
  await page.goto("/signin");
  await askForLink(page, email);
  await page.goto(await signInLinkFor(request, email));
  await expect(page).toHaveURL(`${baseURL}/account`);
  await expect(header(page).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
  await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);

  await page.goto("/");
  await expect(page.getByRole("main").getByRole("link", { name: "Go to your account" })).toHaveAttribute(
    "href",
    "/account",
  );
  await header(page).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
});

test("a page that fails shows the branded error page, and only its reference", async ({ page }) => {
  const response = await page.goto("/dev/error");
  expect(response!.status()).toBe(500);
  await expect(page).toHaveTitle("Something went wrong — Ribbon");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong on our side");
  await expect(header(page).getByRole("link", { name: "Docs" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("fails on purpose");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong on our side");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ribbon sends gifts");
});

test("the local tools exist only for requests from this machine; elsewhere a 404 with one header", async ({
  browser,
  baseURL,
}) => {
  for (const path of ["/dev/error", "/dev/outbox"]) {
    expect((await rawGet(`${baseURL}${path}`, { Host: "evil.example" })).status, path).toBe(404);
    // From another machine (this machine's second address; the e2e server listens on 0.0.0.0): the
    // 404 page, inside the site's header and footer once.
    const remote = await browser.newContext();
    const page = await remote.newPage();
    expect((await page.goto(`http://${secondAddress()}:${new URL(baseURL!).port}${path}`))!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("We couldn't find that page");
    await expect(page.getByRole("banner"), path).toHaveCount(1);
    await expect(page.getByRole("contentinfo"), path).toHaveCount(1);
    await remote.close();
  }
});

test("the recipient's gift pages have no site header or footer", async ({ page }) => {
  await page.goto("/untie/not-a-real-gift-link");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t find this gift");
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Skip to content" })).toHaveCount(0);
});

test("each sign-in error has its own message, with the form to send a new link", async ({ page }) => {
  const cases: [string, string][] = [
    ["Verification", "That sign-in link has expired or was already used"],
    ["EmailSignin", "We couldn't send a sign-in link just now"],
    ["Configuration", "Signing in isn't working on our side"],
    ["AccessDenied", "This address can't sign in"],
    ["MissingCSRF", "The sign-in form had expired"],
    ["<script>alert(1)</script>", "We couldn't sign you in"],
    ["toString", "We couldn't sign you in"],
  ];
  for (const [code, heading] of cases) {
    await page.goto(`/signin?${new URLSearchParams({ error: code })}`);
    await expect(page.getByRole("heading", { level: 1 }), code).toHaveText(heading);
    await expect(page.getByLabel("Email"), code).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new link" }), code).toBeVisible();
    expect(await page.locator("body").innerText(), code).not.toContain("alert(1)");
  }
});

test("an address Auth.js would refuse gets a message, not a server error", async ({ page }) => {
  for (const hostile of ["two@at@example.test", '"quoted"@example.test', `${"a".repeat(300)}@example.test`]) {
    await page.goto("/signin?callbackUrl=/docs");
    // What a browser's own checks would stop: a script sends it anyway (once the page is hydrated).
    await page.waitForLoadState("networkidle");
    await page.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByLabel("Email").fill(hostile);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { level: 1 }), hostile).toHaveText(
      "That doesn't look like an email address",
    );
    expect(new URL(page.url()).searchParams.get("callbackUrl"), hostile).toBe("/docs");
  }
});

test("a used link leads to a new link that lands on /account", async ({ page, browser, request, baseURL }) => {
  const email = uniqueEmail("used-link");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/account");
  await askForLink(page, email);
  const link = await signInLinkFor(request, email);
  await page.goto(link);
  await expect(page).toHaveURL(`${baseURL}/account`);

  // The same link again, in another browser (signed out): the branded page, then a new link.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere).toHaveURL(`${baseURL}/signin?error=Verification&callbackUrl=%2Faccount`);
  await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(
    "That sign-in link has expired or was already used",
  );
  await expect(elsewhere.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await askForLink(elsewhere, email, "Send a new link");
  const fresh = await signInLinkFor(request, email);
  expect(fresh).not.toBe(link);
  await elsewhere.goto(fresh);
  await expect(elsewhere).toHaveURL(`${baseURL}/account`);
  await expect(elsewhere.getByText(email)).toBeVisible();
  await other.close();
});

test("a used link started at the consent screen leads back to the consent screen", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { oauth_client: client } = demoCredentials();
  const consent = `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: client.redirect_uri, response_type: "code", state: "s-used" })}`;
  const email = uniqueEmail("used-consent");
  await page.goto(consent);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await askForLink(page, email);
  const link = await signInLinkFor(request, email);
  await page.goto(link);
  await expect(page).toHaveURL(`${baseURL}${consent}`);
  await expect(page.getByTestId("consent")).toBeVisible();

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText(
    "That sign-in link has expired or was already used",
  );
  expect(new URL(elsewhere.url()).searchParams.get("callbackUrl")).toBe(consent);
  await askForLink(elsewhere, email, "Send a new link");
  await elsewhere.goto(await signInLinkFor(request, email));
  await expect(elsewhere).toHaveURL(`${baseURL}${consent}`);
  await expect(elsewhere.getByTestId("consent")).toHaveText(
    "Demo integration wants to create and send gifts on your behalf, for your teams.",
  );
  await other.close();
});

test("a forged callbackUrl on the error page or in a forged link never leads off the site", async ({
  page,
  request,
  baseURL,
}) => {
  for (const hostile of ["https://evil.example/steal", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
    // A forged magic link: Auth.js refuses the token; the error page keeps only a path of this site.
    const forged = await request.get(
      `/api/auth/callback/email?${new URLSearchParams({ callbackUrl: hostile, token: "forged", email: "x@example.test" })}`,
      { maxRedirects: 0 },
    );
    expect(forged.status(), hostile).toBe(302);
    expect(forged.headers().location, hostile).toBe(`${baseURL}/signin?error=Verification&callbackUrl=%2Faccount`);

    // The error page reached with it: the new link still lands on this site.
    const email = uniqueEmail("forged-callback");
    await page.context().clearCookies();
    await page.goto(`/signin?${new URLSearchParams({ error: "Verification", callbackUrl: hostile })}`);
    await askForLink(page, email, "Send a new link");
    await expect(page.getByRole("link", { name: "send a new link" })).toHaveAttribute(
      "href",
      "/signin?callbackUrl=%2Faccount",
    );
    const link = new URL(await signInLinkFor(request, email));
    expect(link.origin, hostile).toBe(new URL(baseURL!).origin);
    expect(new URL(link.searchParams.get("callbackUrl")!).origin, hostile).toBe(new URL(baseURL!).origin);
    await page.goto(link.href);
    await expect(page, hostile).toHaveURL(`${baseURL}/account`);
  }
});
