import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resendTransport } from "./resend";

// A stand-in for Resend's API (an external service): records requests, answers like Resend.
const seen: { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { id: "re_123" } };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(body) });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => (vi.unstubAllEnvs(), (seen.length = 0)));

const message = {
  from: "Ribbon <gifts@ribbon.test>",
  to: "robin@example.test",
  cc: "boss@example.test",
  subject: "A gift",
  html: "<p>Hi</p>",
  text: "Hi",
};
const transport = () => {
  vi.stubEnv("RESEND_BASE_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return resendTransport("re_test_key");
};

test("posts the email with an idempotency key and returns Resend's id", async () => {
  answer = { status: 200, body: { id: "re_123" } };
  expect(await transport().send(message, { idempotencyKey: "gift-email-gft_1" })).toEqual({
    status: "sent",
    providerId: "re_123",
  });
  expect(seen).toHaveLength(1);
  expect(seen[0].path).toBe("/emails");
  expect(seen[0].headers).toMatchObject({ authorization: "Bearer re_test_key", "idempotency-key": "gift-email-gft_1" });
  expect(seen[0].body).toMatchObject({
    from: message.from,
    to: [message.to],
    cc: [message.cc],
    subject: "A gift",
    html: "<p>Hi</p>",
    text: "Hi",
  });
});

test("no cc field without a cc address", async () => {
  answer = { status: 200, body: { id: "re_124" } };
  await transport().send({ ...message, cc: null }, { idempotencyKey: "k" });
  expect(seen[0].body).not.toHaveProperty("cc");
});

test("a refusal throws with Resend's reason (so the delivery is retried)", async () => {
  answer = {
    status: 422,
    body: { statusCode: 422, name: "validation_error", message: "The from address is not verified." },
  };
  await expect(transport().send(message, { idempotencyKey: "k" })).rejects.toThrow(
    "Resend refused the email: The from address is not verified. (validation_error)",
  );
});
