import { expect, test } from "@playwright/test";

test("pages carry a nonce CSP and the other security headers, and run without CSP violations", async ({ page }) => {
  const violations: string[] = [];
  page.on(
    "console",
    (m) => m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()),
  );
  for (const path of ["/", "/signin", "/docs", "/dev/outbox"]) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers["content-security-policy"], path).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
    );
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"], `${path}: no HSTS on an http APP_URL`).toBeUndefined();
  }
  // The sign-in form is a client-side server action: it only works if Next's scripts ran under the CSP.
  await page.goto("/signin");
  await page.getByLabel("Email").fill(`csp-${Date.now()}@example.test`);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("API responses are never cached, framed or sniffed", async ({ request }) => {
  for (const response of [
    await request.get("/api/v1/teams"),
    await request.get("/api/v1/nope"),
    await request.get("/api/v1/openapi.json"),
  ]) {
    const headers = response.headers();
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  }
  expect((await request.get("/api/v1/teams")).headers()["cache-control"]).toBe("no-store");
});

test("a path that is not valid UTF-8 is a 404 (JSON:API on the API, the site's page elsewhere), never a 500", async ({
  request,
}) => {
  for (const path of ["/api/v1/gifts/%FF", "/api/v1/teams/%FF/gifts", "/api/v1/gifts/%C0%AF"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect((await response.json()).errors[0].code, path).toBe("not_found");
  }
  for (const path of ["/untie/%FF", "/untie/%E0%A4%A", "/%FF"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("couldn&#x27;t find that page");
  }
});
