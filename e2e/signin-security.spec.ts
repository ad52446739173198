import { expect, test } from "@playwright/test";
import { rawRequest } from "./raw-http";
import { signInLinkFor } from "./signin-links";

test("a sign-in request with a forged Host and X-Forwarded-Host still emails a link on APP_URL", async ({
  baseURL,
  request,
}) => {
  const forged = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
  const csrf = await rawRequest(`${baseURL}/api/auth/csrf`, { method: "GET", headers: forged });
  const { csrfToken } = JSON.parse(csrf.body);
  const cookies = ([] as string[])
    .concat(csrf.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
  const email = `victim-${Date.now()}@example.test`;
  const form = new URLSearchParams({ email, csrfToken, callbackUrl: "https://evil.example/steal" }).toString();
  const signIn = await rawRequest(`${baseURL}/api/auth/signin/email`, {
    method: "POST",
    headers: {
      ...forged,
      Cookie: cookies,
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(form)),
    },
    body: form,
  });
  expect(signIn.status).toBe(302);
  expect(new URL(String(signIn.headers.location)).origin).toBe(new URL(baseURL!).origin);

  const link = new URL(await signInLinkFor(request, email));
  expect(link.origin).toBe(new URL(baseURL!).origin);
  // Where the link lands after sign-in is on APP_URL too, whatever callbackUrl said.
  expect(new URL(link.searchParams.get("callbackUrl")!, baseURL).origin).toBe(new URL(baseURL!).origin);
});

test("sign-in on a non-localhost APP_URL lands on the page the person came from, signed in", async ({
  page,
  request,
  baseURL,
}) => {
  expect(new URL(baseURL!).hostname).toBe("127.0.0.1");
  const email = `returning-${Date.now()}@example.test`;
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(await signInLinkFor(request, email));
  await expect(page).toHaveURL(`${baseURL}/account`);
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The used link is gone from the outbox: nobody can read it there and sign in again.
  const outbox = await (await request.get("/dev/outbox.json?limit=500")).json();
  expect(outbox.data.filter((m: { to: string; kind: string }) => m.to === email && m.kind === "signin")).toEqual([]);
});

test("a signed-in person is never redirected off-site by /signin?callbackUrl=", async ({ page, request }) => {
  const email = `redirect-${Date.now()}@example.test`;
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(await signInLinkFor(request, email));
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  for (const hostile of [
    "/%5Cevil.example",
    "/%09/evil.example",
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
  ]) {
    const response = await page.request.get(`/signin?callbackUrl=${encodeURIComponent(hostile)}`, { maxRedirects: 0 });
    const location = response.headers()["location"];
    expect(location, hostile).toBeTruthy();
    expect(new URL(location, page.url()).host, hostile).toBe(new URL(page.url()).host);
  }
});

test("a huge sign-in post is refused at 16 KB without being read whole", async ({ baseURL }) => {
  const big = "email=" + "a".repeat(5 * 1024 * 1024);
  const res = await rawRequest(`${baseURL}/api/auth/signin/email`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(big.length) },
    body: big,
  }).catch((error: NodeJS.ErrnoException) => ({
    status: error.code === "EPIPE" || error.code === "ECONNRESET" ? 413 : 0,
    headers: {},
    body: "",
  }));
  expect(res.status).toBe(413);
});

test("sign-in emails are limited per address: the sixth request in an hour sends nothing", async ({
  baseURL,
  request,
}) => {
  const email = `flooded-${Date.now()}@example.test`;
  const outcomes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const csrf = await rawRequest(`${baseURL}/api/auth/csrf`, { method: "GET", headers: {} });
    const cookies = ([] as string[])
      .concat(csrf.headers["set-cookie"] ?? [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const form = new URLSearchParams({ email, csrfToken: JSON.parse(csrf.body).csrfToken }).toString();
    const res = await rawRequest(`${baseURL}/api/auth/signin/email`, {
      method: "POST",
      headers: {
        Cookie: cookies,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(form)),
      },
      body: form,
    });
    outcomes.push(new URL(String(res.headers.location)).pathname + new URL(String(res.headers.location)).search);
  }
  expect(outcomes.slice(0, 5).every((o) => o.includes("verify-request"))).toBe(true);
  expect(outcomes[5]).toContain("error=EmailSignin");
  const outbox = await (await request.get("/dev/outbox.json?limit=500")).json();
  expect(outbox.data.filter((m: { to: string }) => m.to === email)).toHaveLength(5);
});

test("the sign-in form's own callbackUrl field, forged to another site, still leads to a page of ours", async ({
  page,
  request,
  baseURL,
}) => {
  for (const forged of ["https://evil.example/steal", "//evil.example/steal", "javascript:alert(1)"]) {
    const email = `forged-field-${Date.now()}@example.test`;
    await page.goto("/signin?callbackUrl=/account");
    await page.locator('input[name="callbackUrl"]').evaluate((input: HTMLInputElement, value) => {
      input.value = value;
    }, forged);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const link = new URL(await signInLinkFor(request, email));
    expect(link.origin, forged).toBe(new URL(baseURL!).origin);
    expect(new URL(link.searchParams.get("callbackUrl")!, baseURL).origin, forged).toBe(new URL(baseURL!).origin);
  }
});
