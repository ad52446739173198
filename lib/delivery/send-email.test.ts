import { afterAll, beforeAll, expect, test } from "vitest";
import { createElement } from "react";
import { render } from "@react-email/render";
import type { Database } from "@/lib/database/open";
import SignInEmail from "@/emails/SignInEmail";
import { openTestDatabase } from "@/lib/testing/test-database";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { listOutbox } from "./outbox";
import { sendEmail } from "./send-email";
import { outboxTransport } from "./transport";

let database: Database;
beforeAll(async () => (database = await openTestDatabase()));
afterAll(() => database?.close());

test("a sign-in email lands in the outbox, or goes through the provider and is recorded", async () => {
  const db = database.prisma;
  const element = createElement(SignInEmail, {
    url: "http://localhost:3000/api/auth/callback/email?token=t",
    host: "localhost:3000",
  });
  const email = {
    kind: "signin",
    to: "alex@acme.test",
    subject: "Sign in to Ribbon",
    html: await render(element),
    text: await render(element, { plainText: true }),
  };

  await sendEmail(db, email, { transport: outboxTransport });
  const transport = fakeTransport();
  await sendEmail(db, { ...email, to: "sam@globex.test" }, { transport, idempotencyKey: "signin-1" });

  expect(transport.sent).toMatchObject([
    { to: "sam@globex.test", idempotencyKey: "signin-1", subject: "Sign in to Ribbon" },
  ]);
  const rows = await listOutbox(db);
  expect(rows.map((r) => [r.kind, r.to, r.status, r.transport, r.giftId])).toEqual([
    ["signin", "sam@globex.test", "sent", "fake", null],
    ["signin", "alex@acme.test", "stored", "outbox", null],
  ]);
  expect(rows[1].text).toContain("http://localhost:3000/api/auth/callback/email?token=t");

  await expect(sendEmail(db, email, { transport: fakeTransport({ failTimes: 1 }) })).rejects.toThrow("451");
  expect(await db.emailOutbox.count()).toBe(2);
});
