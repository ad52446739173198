import { describe, expect, test } from "vitest";
import type { PrismaClient } from "@/lib/db";
import { untieToken } from "@/lib/untie";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { fakeTransport } from "@/lib/testing/fake-transport";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { openTwoHandles } from "@/lib/testing/two-handles";
import { EMAIL_LEASE_MS, MAX_EMAIL_ATTEMPTS, queueEmail, sendQueuedEmails, type QueuedEmail } from "./queued-emails";
import { QUEUED_KINDS, type QueuedKind } from "./queued-kinds";
import { listOutbox } from "./outbox";
import { outboxTransport } from "./transport";

const t = databaseWithOwner();

const about = { recipientName: "Kim", from: "The Acme team", productName: "Merino Beanie (Navy)" };
const EXAMPLES: { [K in QueuedKind]: QueuedEmail<K>["props"] } = {
  gift: {
    subject: "Alex Sent You A Gift!",
    recipientName: "Kim",
    message: "Thank you for everything this year.",
    from: "Alex",
    collectionName: "Coffee Lovers",
    chooseBy: null,
    designName: null,
    designImageUrl: null,
    logoInDesign: false,
    logoName: "Ribbon",
    logoImageUrl: "https://gifts.example.test/logos/ribbon.png",
  },
  redemption: {
    ...about,
    productName: "Merino Beanie",
    variantName: "Navy",
    addressLines: ["Kim Lee", "1 Main Street", "Springfield, IL 62701", "United States"],
  },
  "thank-you": {
    recipientName: "Kim",
    note: "Thank you!",
    productName: "Merino Beanie (Navy)",
    destination: "Springfield, IL, United States",
  },
  shipped: { ...about, carrier: "Ribbon Post", trackingNumber: "RP1", trackingUrl: "https://tracking.example.com/RP1" },
  delivered: { ...about, carrier: "Ribbon Post" },
  signin: { host: "gifts.example.test" },
  "team-invitation": { inviter: "Alex (alex@acme.test)", teamName: "Acme", role: "member", expiresOn: "1 May 2027" },
  "webhook-disabled": { url: "https://hooks.acme.test/ribbon", teamId: "acme", reason: "500 five days running" },
  reminder: { recipientName: "Kim", from: "The Acme team", chooseBy: "30 June 2027" },
  "gift-outcome": { recipientName: "Kim", outcome: "declined", reason: "I have one already.", refund: "$25.00" },
  "outcome-confirmation": { recipientName: "Kim", from: "The Acme team", outcome: "declined" },
  "gift-approval": {
    count: 3,
    teamName: "Acme",
    creator: "Alex Kim (alex@acme.test)",
    batchName: "Holiday thank-yous",
    total: "$75.00",
    reason: "3 gifts at once, more than the team's approval threshold of 2.",
    expiresAt: "15 May 2027, 14:05 UTC",
    windowDays: 7,
    url: "https://gifts.example.test/dashboard/acme?stage=pending_approval&batch=bat_x",
  },
};
const LINK = "https://gifts.example.test/api/auth/callback/email?token=secret-link-token";

async function queue(db: PrismaClient, kind: QueuedKind, giftId: string, sandbox = false) {
  const link = QUEUED_KINDS[kind].needs === "link" ? LINK : undefined;
  return db.$transaction((tx) =>
    queueEmail(tx, { kind, giftId, to: "kim@example.test", sandbox, props: EXAMPLES[kind], link } as QueuedEmail),
  );
}
const rowsOf = (db: PrismaClient, giftId: string) =>
  db.emailOutbox.findMany({ where: { giftId }, orderBy: { id: "asc" } });

describe("queued emails: every kind", () => {
  test.each(Object.keys(EXAMPLES) as QueuedKind[])(
    "%s: queued without a secret in plain text, rendered with HTML and plain text when sent",
    async (kind) => {
      // A reminder is sent only while its gift waits to be chosen.
      const gift = await insertGift(t.db, { ...t.owner, stage: kind === "reminder" ? "sent" : "scheduled" });
      await queue(t.db, kind, gift.id);
      const [pending] = await rowsOf(t.db, gift.id);
      expect(pending).toMatchObject({ status: "pending", html: "", text: "" });
      // Secrets are never stored in plain text with the queue: the untie URL is derived, a link sealed.
      expect(JSON.stringify(pending)).not.toContain(untieToken(gift.id));
      expect(JSON.stringify(pending)).not.toContain("secret-link-token");
      expect(pending.sealedLink !== null).toBe(QUEUED_KINDS[kind].needs === "link");
      const transport = fakeTransport();
      expect(await sendQueuedEmails(t.db, { transport })).toMatchObject({ sent: 1 });
      expect(transport.sent).toHaveLength(1);
      const [message] = transport.sent;
      expect(message.subject.length).toBeGreaterThan(10);
      expect(message.html).toMatch(/^<!DOCTYPE html/i);
      expect(message.text.length).toBeGreaterThan(40);
      expect(message.text).not.toMatch(/<[a-z]/i);
      if (QUEUED_KINDS[kind].needs === "gift") expect(message.html).toContain(`/untie/${untieToken(gift.id)}`);
      if (QUEUED_KINDS[kind].needs === "link") expect(message.html).toContain(LINK);
      if (kind === "shipped") expect(message.html).toContain("https://tracking.example.com/RP1");
      if (kind === "gift-approval") {
        expect(message.html).toContain(
          "https://gifts.example.test/dashboard/acme?stage=pending_approval&amp;batch=bat_x",
        );
        expect(message.text).toContain("https://gifts.example.test/dashboard/acme?stage=pending_approval&batch=bat_x");
      }
      expect(message.idempotencyKey).toBe(`email-${pending.id}`);
      expect((await rowsOf(t.db, gift.id))[0]).toMatchObject({ status: "sent", sealedLink: null }); // the link is erased once sent
    },
  );

  test.each(Object.keys(EXAMPLES) as QueuedKind[])(
    "%s: a refused send is retried, and with two workers racing it is sent exactly once",
    async (kind) => {
      // A reminder is sent only while its gift waits to be chosen.
      const gift = await insertGift(t.db, { ...t.owner, stage: kind === "reminder" ? "sent" : "scheduled" });
      await queue(t.db, kind, gift.id);
      const now = new Date();
      expect(await sendQueuedEmails(t.db, { transport: fakeTransport({ failTimes: 1 }), now })).toMatchObject({
        retried: 1,
      });
      const [x, y] = [fakeTransport(), fakeTransport()];
      const later = new Date(now.getTime() + 60_000);
      await Promise.all([
        sendQueuedEmails(t.db, { transport: x, now: later }),
        sendQueuedEmails(t.db, { transport: y, now: later }),
      ]);
      expect([...x.sent, ...y.sent]).toHaveLength(1);
      expect((await rowsOf(t.db, gift.id))[0]).toMatchObject({ status: "sent", attempts: 2 });
    },
  );

  test("a refused send is retried after its backoff and sent once; never lost", async () => {
    const gift = await insertGift(t.db, t.owner);
    await queue(t.db, "shipped", gift.id);
    const transport = fakeTransport({ failTimes: 1 });
    const now = new Date();
    expect(await sendQueuedEmails(t.db, { transport, now })).toMatchObject({ retried: 1, sent: 0 });
    const [waiting] = await rowsOf(t.db, gift.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: "451 mailbox temporarily unavailable" });
    expect(await sendQueuedEmails(t.db, { transport, now })).toMatchObject({ claimed: 0 }); // not before its backoff
    expect(await sendQueuedEmails(t.db, { transport, now: new Date(now.getTime() + 60_000) })).toMatchObject({
      sent: 1,
    });
    expect(transport.sent).toHaveLength(1);
    expect((await rowsOf(t.db, gift.id))[0]).toMatchObject({ status: "sent", transport: "fake", lastError: null });
  });

  test("a send that keeps failing ends failed with its error, after the last attempt", async () => {
    const gift = await insertGift(t.db, t.owner);
    await queue(t.db, "delivered", gift.id);
    const transport = fakeTransport({ failTimes: Infinity });
    let now = Date.now();
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS; i++) {
      await sendQueuedEmails(t.db, { transport, now: new Date(now) });
      now += 2 * 60 * 60_000;
    }
    expect((await rowsOf(t.db, gift.id))[0]).toMatchObject({
      status: "failed",
      attempts: MAX_EMAIL_ATTEMPTS,
      lastError: "451 mailbox temporarily unavailable",
    });
  });

  test("a sandbox gift's email is kept in the outbox as suppressed, never handed to a transport", async () => {
    const gift = await insertGift(t.db, { ...t.owner, livemode: false });
    await queue(t.db, "redemption", gift.id, true);
    const transport = fakeTransport();
    expect(await sendQueuedEmails(t.db, { transport })).toMatchObject({ suppressed: 1 });
    expect(transport.sent).toHaveLength(0);
    expect((await rowsOf(t.db, gift.id))[0]).toMatchObject({ status: "suppressed", transport: "none" });
  });

  test("a suppressed sandbox email is rendered when the outbox is viewed, not when its turn comes (issue 30)", async () => {
    const gift = await insertGift(t.db, { ...t.owner, livemode: false, stage: "sent" });
    const { id } = await queue(t.db, "reminder", gift.id, true);
    expect(await sendQueuedEmails(t.db, { id, transport: fakeTransport() })).toMatchObject({ suppressed: 1 });
    const [row] = await rowsOf(t.db, gift.id);
    // Its subject is kept (cheap); its body is left for whoever opens the outbox.
    expect(row).toMatchObject({ id, status: "suppressed", transport: "none", html: "", text: "" });
    expect(row.subject).toBe(QUEUED_KINDS.reminder.subject(row.payload as never));
    const viewed = (await listOutbox(t.db, { limit: 500 })).find((m) => m.id === id)!;
    expect(viewed).toMatchObject({ status: "suppressed", subject: row.subject });
    const { untieVersion } = await t.db.gift.findUniqueOrThrow({ where: { id: gift.id } });
    expect(viewed.html).toContain(untieToken(gift.id, untieVersion));
    expect(viewed.text.length).toBeGreaterThan(0);
  });

  test("a worker that claimed an email and died: after the lease another sends it, under the same idempotency key", async () => {
    const gift = await insertGift(t.db, t.owner);
    await queue(t.db, "shipped", gift.id);
    const now = new Date();
    // The dead worker: it claimed the row (lease taken) and never recorded anything.
    await t.db.emailOutbox.updateMany({
      where: { giftId: gift.id },
      data: { leaseUntil: new Date(now.getTime() + EMAIL_LEASE_MS), attempts: 1 },
    });
    const transport = fakeTransport();
    expect(await sendQueuedEmails(t.db, { transport, now })).toMatchObject({ claimed: 0 });
    expect(
      await sendQueuedEmails(t.db, { transport, now: new Date(now.getTime() + EMAIL_LEASE_MS + 1) }),
    ).toMatchObject({ sent: 1 });
    const [row] = await rowsOf(t.db, gift.id);
    expect(transport.sent.map((m) => m.idempotencyKey)).toEqual([`email-${row.id}`]);
  });
});

test("the recipient's queued emails go out in the locale stored with them (subject too); none stored: English", async () => {
  const cases = [
    ["redemption", "es", "Tu regalo de The Acme team: Merino Beanie (Navy)", "Sigue tu regalo"],
    ["shipped", "de", "Ihr Geschenk von The Acme team wurde versendet", "Sendungsnummer:"],
    ["delivered", "ar", "وصلت هديتك من The Acme team", "شاهد هديتك"],
    ["outcome-confirmation", "fr", "Vous avez refusé le cadeau de The Acme team", "rien ne vous sera envoyé"],
    ["delivered", undefined, "Your gift from The Acme team has arrived", "See your gift"],
  ] as const;
  for (const [kind, locale, subject, word] of cases) {
    const gift = await insertGift(t.db, t.owner);
    await t.db.$transaction((tx) =>
      queueEmail(tx, {
        kind,
        giftId: gift.id,
        to: "kim@example.test",
        sandbox: false,
        props: { ...EXAMPLES[kind], ...(locale ? { locale } : {}) },
      } as QueuedEmail),
    );
    const transport = fakeTransport();
    expect(await sendQueuedEmails(t.db, { transport })).toMatchObject({ sent: 1 });
    const [message] = transport.sent;
    expect(message.subject).toBe(subject);
    expect(message.text).toContain(word);
    expect(message.html).toContain(`lang="${locale ?? "en"}"`);
  }
});

test("two workers on one database send 60 queued emails exactly once each", async () => {
  const handles = await openTwoHandles();
  try {
    const { user, team } = await createAccount(handles.a);
    for (let i = 0; i < 30; i++) {
      const gift = await insertGift(handles.a, { teamId: team.id, senderId: user.id });
      await queue(handles.a, "shipped", gift.id);
      await queue(handles.a, "delivered", gift.id);
    }
    const [x, y] = [fakeTransport(), fakeTransport()];
    const drain = async (db: PrismaClient, transport: ReturnType<typeof fakeTransport>) => {
      while ((await sendQueuedEmails(db, { transport, limit: 10 })).claimed > 0);
    };
    await Promise.all([drain(handles.a, x), drain(handles.b, y)]);
    const keys = [...x.sent, ...y.sent].map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(60);
    expect(new Set(keys).size).toBe(60);
    expect(await handles.a.emailOutbox.count({ where: { status: "sent" } })).toBe(60);
  } finally {
    await handles.close();
  }
}, 120_000);

test("the local outbox keeps what it stored: status stored, body readable at /dev/outbox", async () => {
  const gift = await insertGift(t.db, t.owner);
  await queue(t.db, "delivered", gift.id);
  await sendQueuedEmails(t.db, { transport: outboxTransport });
  const [row] = await rowsOf(t.db, gift.id);
  expect(row).toMatchObject({ status: "stored", transport: "outbox" });
  expect(row.text).toContain("has delivered your Merino Beanie");
});
