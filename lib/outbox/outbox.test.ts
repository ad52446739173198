import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { openTestDatabase } from "@/lib/testing/test-database";
import { createAccount, insertGift } from "@/lib/testing/fixtures";
import { socketHeaders } from "@/lib/testing/socket-headers";
import { deliverGift } from "@/lib/delivery/deliver-gift";
import { listOutbox } from "./outbox";
import { canViewOutbox } from "./outbox-access";
import { mailTransport, outboxTransport } from "./transport";

afterEach(() => vi.unstubAllEnvs());

describe("canViewOutbox", () => {
  test("requests from this machine see the outbox while it is the transport", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "localhost"]) {
      expect(canViewOutbox(socketHeaders("127.0.0.1", { host })), host).toBe(true);
    }
    expect(canViewOutbox(socketHeaders("::1", { host: "localhost:3000" }))).toBe(true);
    expect(canViewOutbox(socketHeaders("::ffff:127.0.0.1", { host: "localhost:3000" }))).toBe(true);
  });

  test("the socket decides: forged Host, X-Forwarded-For or socket headers never make a remote request local", () => {
    const local = { host: "localhost:3000", "x-forwarded-for": "127.0.0.1", forwarded: "for=127.0.0.1" };
    expect(canViewOutbox(socketHeaders("203.0.113.7", local))).toBe(false);
    expect(canViewOutbox(socketHeaders("10.0.0.9", local))).toBe(false);
    // Without the guard's key the socket header is the client's own word.
    expect(canViewOutbox(new Headers({ ...local, "x-ribbon-client-ip": "127.0.0.1", "x-ribbon-guard": "guess" }))).toBe(
      false,
    );
    expect(canViewOutbox(new Headers({ ...local, "x-ribbon-client-ip": "127.0.0.1" }))).toBe(false);
    expect(canViewOutbox(new Headers({}))).toBe(false);
  });

  test("a page of another site resolving to 127.0.0.1 (DNS rebinding) is refused by its Host", () => {
    expect(canViewOutbox(socketHeaders("127.0.0.1", { host: "ribbon.example:3000" }))).toBe(false);
    expect(canViewOutbox(socketHeaders("127.0.0.1", { host: "localhost.evil.example" }))).toBe(false);
    expect(canViewOutbox(socketHeaders("127.0.0.1"))).toBe(false);
  });

  test("nothing that came through a proxy is local, whatever address the guard resolved", () => {
    // The guard resolved a loopback client (a listed proxy on this machine forwarding "127.0.0.1"):
    // the request still carries a forwarding header, so it is not from this machine.
    for (const name of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"])
      expect(canViewOutbox(socketHeaders("127.0.0.1", { host: "localhost:3000", [name]: "127.0.0.1" })), name).toBe(
        false,
      );
    // Without the guard's "not forwarded" mark, nothing is local either.
    const unmarked = socketHeaders("127.0.0.1", { host: "localhost:3000" });
    unmarked.delete("x-ribbon-forwarded");
    expect(canViewOutbox(unmarked)).toBe(false);
  });

  test("nobody sees it when an email provider is configured", () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    expect(mailTransport().name).toBe("resend");
    expect(canViewOutbox(socketHeaders("127.0.0.1", { host: "localhost:3000" }))).toBe(false);
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
