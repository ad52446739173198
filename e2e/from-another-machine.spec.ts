import { expect, test } from "@playwright/test";
import { formFields, multipart, rawRequest, secondAddress } from "./raw-http";
import { uniqueEmail } from "./signin-links";

// The e2e server listens on 0.0.0.0 like a container would (HOST=0.0.0.0). These requests come
// from this machine's other address, so the server's socket sees a peer that is not loopback,
// and they carry every header a stranger could forge to look local.
const port = () => new URL(test.info().project.use.baseURL!).port;
const remote = (path: string) => `http://${secondAddress()}:${port()}${path}`;
const FORGED_LOCAL = {
  Host: "localhost",
  "X-Forwarded-For": "127.0.0.1",
  Forwarded: "for=127.0.0.1",
  "X-Real-IP": "127.0.0.1",
  "X-Ribbon-Client-Ip": "127.0.0.1",
  "X-Ribbon-Guard": "guess",
};

test("the local outbox and the error page are 404 from another machine, whatever its headers say", async ({
  request,
}) => {
  for (const path of ["/dev/outbox.json", "/dev/outbox", "/dev/error"]) {
    const plain = await rawRequest(remote(path), { localAddress: secondAddress() });
    expect(plain.status, `${path} plain`).toBe(404);
    const forged = await rawRequest(remote(path), {
      localAddress: secondAddress(),
      headers: { ...FORGED_LOCAL, Host: `localhost:${port()}` },
    });
    expect(forged.status, `${path} with forged Host and X-Forwarded-For`).toBe(404);
    expect(forged.body).not.toContain("/api/auth/callback/email");
  }
  // The same server answers this machine: the outbox is there, it is the address that decides.
  expect((await request.get("/dev/outbox.json")).status()).toBe(200);
});

test("a cross-site form post is a 403 page, even with a forged X-Forwarded-Host, and sends nothing", async ({
  request,
  baseURL,
}) => {
  const signIn = await rawRequest(`${baseURL}/signin`);
  const email = uniqueEmail("csrf-victim");
  const { body, contentType } = await multipart({ ...formFields(signIn.body), email });
  const headers = {
    "Content-Type": contentType,
    Origin: "http://evil.example",
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "http",
    Host: "evil.example",
  };
  const refused = await rawRequest(`${baseURL}/signin`, { method: "POST", headers, body });
  expect(refused.status).toBe(403);
  expect(refused.headers["content-type"]).toMatch(/^text\/html/);
  expect(refused.body).toContain("This form came from another site");
  const outbox = await (await request.get("/dev/outbox.json?limit=500")).json();
  expect(outbox.data.filter((m: { to: string }) => m.to === email)).toEqual([]);

  // The same post from the site itself goes through (the form works without JavaScript).
  const sameSite = await rawRequest(`${baseURL}/signin`, {
    method: "POST",
    headers: { "Content-Type": contentType, Origin: new URL(baseURL!).origin },
    body,
  });
  expect(sameSite.status).toBeLessThan(400);
  const after = await (await request.get("/dev/outbox.json?limit=500")).json();
  expect(after.data.filter((m: { to: string }) => m.to === email)).toHaveLength(1);
});
