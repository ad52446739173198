import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import createClient from "openapi-fetch";
import type { paths } from "./generated/ribbon-api";
import { demoCredentials } from "./demo";
import { expectAccessible } from "./accessibility";

test("/docs renders the reference from the OpenAPI document, with no request leaving the machine", async ({
  page,
  baseURL,
}, testInfo) => {
  const origins = new Set<string>();
  page.on("request", (r) => origins.add(new URL(r.url()).origin));
  await page.goto("/docs");
  await expect(page).toHaveTitle("API reference — Ribbon");
  await expect(page.getByRole("heading", { level: 1, name: "Ribbon API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create a gift" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "card_declined" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("docs.png") }); // kept in test-results/ as an artifact
  expect([...origins]).toEqual([new URL(baseURL!).origin]);
  // The document as served (Chromium's JSON viewer mangles the innerText of a document this big).
  const served = page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().endsWith(".json"));
  await page.getByRole("main").getByRole("link", { name: "OpenAPI document" }).click(); // the footer has one too
  const document = await (await served).json();
  expect(document.openapi).toBe("3.1.0");
});

test("the docs' search box, with JavaScript off: an error code found and followed to its row; a hostile query answered", async ({
  browser,
  page: withScripts,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/docs");
  await page.getByRole("searchbox", { name: "Search the docs" }).fill("quote_used");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/docs\/search\?q=quote_used$/);
  await expect(page.getByRole("heading", { level: 1, name: "Search the docs" })).toBeVisible();
  await expect(page.getByTestId("search-count")).toContainText("quote_used");
  await page.getByTestId("search-results").getByRole("link", { name: "quote_used", exact: true }).click();
  await expect(page).toHaveURL(/\/docs#error-quote_used$/);
  await expect(page.locator("#error-quote_used")).toBeVisible();

  const hostile = await page.goto(`/docs/search?q=${encodeURIComponent("<script>alert(1)</script>".repeat(200))}`);
  expect(hostile!.status()).toBe(200);
  await expect(page.getByRole("searchbox", { name: "Search the docs" })).toHaveValue(/^<script>alert\(1\)<\/script>/);
  expect((await page.getByRole("searchbox", { name: "Search the docs" }).inputValue()).length).toBeLessThanOrEqual(100);
  await context.close();
  // axe runs as a script: the same page, checked where scripts run.
  await withScripts.goto("/docs/search?q=quote_used");
  await expectAccessible(withScripts);
});

test("the home page and every API 404 lead to /docs", async ({ page, request }) => {
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "API reference" }).click(); // the footer has one too
  await expect(page).toHaveURL(/\/docs$/);
  const missing = await request.get("/api/v1/nope");
  expect(missing.status()).toBe(404);
  const about: string = (await missing.json()).errors[0].links.about;
  expect(about).toMatch(/\/docs#error-not_found$/);
  // The link lands on its code's row of the error table.
  await page.goto(about);
  await expect(page.locator("#error-not_found")).toContainText("not_found");
  expect((await request.get("/api/v1")).status()).toBe(404);
});

test("TRACE on the API is a JSON:API 405, not a plain-text 500", async ({ baseURL }) => {
  const { status, headers, body } = await new Promise<{
    status: number;
    headers: Record<string, unknown>;
    body: string;
  }>((resolve, reject) => {
    const req = httpRequest(`${baseURL}/api/v1/gifts`, { method: "TRACE" }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end();
  });
  expect(status).toBe(405);
  expect(headers["content-type"]).toBe("application/vnd.api+json");
  expect(JSON.parse(body).errors[0].code).toBe("method_not_allowed");
});

test("a client generated from the OpenAPI document creates and lists a sandbox gift", async () => {
  const creds = demoCredentials();
  const client = createClient<paths>({
    baseUrl: creds.base_url,
    headers: { Authorization: `Bearer ${creds.accounts[0].sandbox_token}` },
  });
  const created = await client.POST("/gifts", {
    body: {
      gift: {
        name: "Typed Client",
        email: "typed@example.com",
        collection: "Coffee Lovers",
        message: "Generated from the document",
        from: "CI",
      },
    },
  });
  expect(created.response.status).toBe(200);
  // A create answers a gift, or (dry_run) a price: typed clients tell them apart by `data` and `meta`.
  const gift = created.data && "data" in created.data ? created.data.data : null;
  expect(gift?.attributes.stage).toBe("scheduled");
  const listed = await client.GET("/gifts", { params: { query: { "filter[email]": "typed@example.com" } } });
  expect(listed.data?.data.map((g) => g.id)).toContain(gift?.id);
  const quoted = await client.POST("/gifts", {
    params: { query: { dry_run: "true" } },
    body: {
      gift: {
        name: "Typed Client",
        email: "typed@example.com",
        collection: "Coffee Lovers",
        message: "Hi",
        from: "CI",
      },
    },
  });
  const price = quoted.data && "meta" in quoted.data ? quoted.data.meta.price : null;
  expect(price).toMatchObject({ livemode: false, gifts: 1, charge: "0.00", collection: { name: "Coffee Lovers" } });
  const invalid = await client.POST("/gifts", {
    body: { gift: { name: "", collection: "Coffee Lovers", message: "x", from: "CI" } },
  });
  expect(invalid.response.status).toBe(400);
  expect(invalid.error?.errors.map((e) => e.code)).toContain("blank");
});
