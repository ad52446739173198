import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { deliverGift } from "./deliver-gift";
import { listOutbox } from "./outbox";
import { canViewOutbox } from "./outbox-access";
import { mailTransport, outboxTransport } from "./transport";

afterEach(() => vi.unstubAllEnvs());

const headers = (h: Record<string, string>) => new Headers(h);

describe("canViewOutbox", () => {
  test("loopback requests see the outbox while it is the transport", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "localhost"]) {
      expect(canViewOutbox(headers({ host, "x-forwarded-for": "127.0.0.1" })), host).toBe(true);
    }
    expect(canViewOutbox(headers({ host: "localhost:3000", "x-forwarded-for": "::1" }))).toBe(true);
    expect(canViewOutbox(headers({ host: "localhost:3000", "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe(true);
    expect(canViewOutbox(headers({ host: "localhost:3000" }))).toBe(true);
  });

  test("other hosts, remote or proxied clients are refused", () => {
    expect(canViewOutbox(headers({ host: "ribbon.example:3000", "x-forwarded-for": "127.0.0.1" }))).toBe(false); // DNS rebinding, or reached by name
    expect(canViewOutbox(headers({ host: "10.0.0.5:3000", "x-forwarded-for": "10.0.0.9" }))).toBe(false);
    expect(canViewOutbox(headers({ host: "localhost:3000", "x-forwarded-for": "203.0.113.7" }))).toBe(false);
    expect(canViewOutbox(headers({ host: "localhost:3000", "x-forwarded-for": "127.0.0.1, 203.0.113.7" }))).toBe(false); // a proxy appended the client
    expect(canViewOutbox(headers({ host: "localhost:3000", "x-forwarded-host": "ribbon.example", "x-forwarded-for": "127.0.0.1" }))).toBe(false);
    expect(canViewOutbox(headers({ host: "localhost:3000", forwarded: 'for="203.0.113.7";proto=https' }))).toBe(false);
    expect(canViewOutbox(headers({ host: "localhost.evil.example", "x-forwarded-for": "127.0.0.1" }))).toBe(false);
    expect(canViewOutbox(headers({}))).toBe(false);
  });

  test("nobody sees it when an email provider is configured", () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    expect(mailTransport().name).toBe("resend");
    expect(canViewOutbox(headers({ host: "localhost:3000", "x-forwarded-for": "127.0.0.1" }))).toBe(false);
    vi.unstubAllEnvs();
    expect(mailTransport()).toBe(outboxTransport);
  });
});

describe("listOutbox", () => {
  let database: Database;
  let db: PrismaClient;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.prisma;
  });
  afterAll(() => database?.close());

  test("lists messages newest first, with the gift id", async () => {
    const { user, team } = await createAccount(db);
    const owner = { teamId: team.id, senderId: user.id };
    const first = await insertGift(db, { ...owner, subject: "First" });
    const second = await insertGift(db, { ...owner, subject: "Second", livemode: false, ccEmail: "cc@example.test" });
    await deliverGift(db, first.id, { transport: outboxTransport });
    await deliverGift(db, second.id, { transport: outboxTransport, now: new Date(Date.now() + 1000) });
    const messages = await listOutbox(db, { limit: 10 });
    expect(messages.map((m) => [m.subject, m.status, m.giftId, m.cc])).toEqual([
      ["Second", "suppressed", second.id, "cc@example.test"],
      ["First", "stored", first.id, null],
    ]);
    expect(await listOutbox(db, { limit: 1 })).toHaveLength(1);
  });
});
