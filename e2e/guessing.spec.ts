import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_FAILED_GUESSES } from "../playwright.config";
import { demoCredentials } from "./demo";
import { formFields, multipart, rawRequest, secondAddress } from "./raw-http";
import { uniqueEmail } from "./signin-links";

// Guessing secrets from one address is slowed (failed-guess limit: E2E_FAILED_GUESSES per 10 minutes
// on the e2e server), but a right secret from that same address always works. The floods come from this
// machine's second address so that they don't count against 127.0.0.1, where the other tests run.
const port = () => new URL(test.info().project.use.baseURL!).port;
// Addressed to APP_URL's host (as a browser that resolved it elsewhere would), from the second address.
const fromElsewhere = (path: string, options: Parameters<typeof rawRequest>[1] = {}) =>
  rawRequest(`http://${secondAddress()}:${port()}${path}`, {
    ...options,
    headers: { Host: `127.0.0.1:${port()}`, ...options.headers },
    localAddress: secondAddress(),
  });

async function linkGift(request: APIRequestContext) {
  const creds = demoCredentials();
  const gift = {
    name: "Kim",
    delivery_method: "link",
    collection: "Coffee Lovers",
    message: "Enjoy",
    from: "The Acme team",
  };
  const response = await request.post(`${creds.base_url}/gifts`, {
    headers: { Authorization: `Bearer ${creds.accounts[0].sandbox_token}` },
    data: { gift },
  });
  expect(response.status()).toBe(200);
  return new URL((await response.json()).data.attributes["untie-url"]).pathname;
}

test("a flood of unknown untie links and untie-form secrets slows the guesser, and the right link still opens", async ({
  request,
  baseURL,
}) => {
  const untiePath = await linkGift(request);
  const page = await fromElsewhere(untiePath);
  expect(page.status).toBe(200);

  const opened: number[] = [];
  for (let i = 0; i < 20; i++) opened.push((await fromElsewhere(`/untie/${"Z".repeat(42)}${i % 10}`)).status);
  expect(opened.every((s) => s === 404)).toBe(true);

  // The form's secret is a guess too: a complete, valid form (as a browser without JavaScript posts it) with a wrong secret.
  const address = {
    fullName: "Kim Lee",
    line1: "1 Main Street",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    country: "US",
    email: "kim@example.test",
  };
  const productId = /name="productId"[^>]*value="([^"]+)"/.exec(page.body)![1];
  const { body, contentType } = await multipart({
    ...formFields(page.body, 'name="secret"'),
    ...address,
    productId,
    secret: "Y".repeat(43),
  });
  // The 20 links above were guesses too: the rest of the allowance is counted, then the form is limited.
  const counted = E2E_FAILED_GUESSES - opened.length;
  const posts: string[] = [];
  for (let i = 0; i < counted + 5; i++) {
    const answer = await fromElsewhere(untiePath, {
      method: "POST",
      headers: { "Content-Type": contentType, Origin: new URL(baseURL!).origin },
      body,
    });
    expect(answer.status).toBeLessThan(500);
    posts.push(answer.body.includes("Too many gift links") ? "limited" : "counted");
  }
  expect(posts.slice(0, counted)).toEqual(Array(counted).fill("counted"));
  expect(posts.slice(counted)).toEqual(Array(5).fill("limited"));

  const limited = await fromElsewhere(`/untie/${"X".repeat(43)}`);
  expect(limited.body).toContain("Too many attempts");
  // Whatever else came from this address, the recipient's own link opens their gift.
  const again = await fromElsewhere(untiePath);
  expect(again.status).toBe(200);
  expect(again.body).toContain("Pick one present");
});

test("sign-in emails to one address are limited across both doors and full-width look-alikes", async ({
  request,
  baseURL,
}) => {
  const email = uniqueEmail("lookalike");
  const [local, domain] = email.split("@");
  // NFKC folds full-width letters and ＠ into the same address the sign-in emails.
  const fullWidth =
    [...local].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join("") +
    "＠" +
    domain;
  const spellings = [email, fullWidth, email.toUpperCase(), ` ${email} `];
  const signInForm = formFields((await rawRequest(`${baseURL}/signin`)).body);
  for (let i = 0; i < 12; i++) {
    const spelling = spellings[i % spellings.length];
    if (i % 2 === 0) {
      const { body, contentType } = await multipart({ ...signInForm, email: spelling });
      await rawRequest(`${baseURL}/signin`, {
        method: "POST",
        headers: { "Content-Type": contentType, Origin: new URL(baseURL!).origin },
        body,
      });
    } else {
      const csrf = await rawRequest(`${baseURL}/api/auth/csrf`);
      const cookies = ([] as string[])
        .concat(csrf.headers["set-cookie"] ?? [])
        .map((c) => c.split(";")[0])
        .join("; ");
      const form = new URLSearchParams({ email: spelling, csrfToken: JSON.parse(csrf.body).csrfToken }).toString();
      await rawRequest(`${baseURL}/api/auth/signin/email`, {
        method: "POST",
        headers: { Cookie: cookies, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
    }
  }
  const outbox = await (await request.get("/dev/outbox.json?limit=500")).json();
  expect(outbox.data.filter((m: { to: string; kind: string }) => m.kind === "signin" && m.to === email)).toHaveLength(
    5,
  );
});
