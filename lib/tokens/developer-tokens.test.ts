import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import type { PrismaClient } from "@/lib/db";
import { createAccount } from "@/lib/testing/fixtures";
import { openTwoHandles } from "@/lib/testing/two-handles";
import {
  createDeveloperTokens,
  enableDeveloperTokens,
  listActiveTokens,
  revokeDeveloperTokens,
  revokeExpiringTokens,
  ROLL_GRACE_MS,
  verifyToken,
  type DeveloperTokenPair,
  type RollOptions,
} from ".";

let handles: Awaited<ReturnType<typeof openTwoHandles>>;
let db: PrismaClient;

beforeAll(async () => {
  handles = await openTwoHandles();
  db = handles.a;
});
afterAll(() => handles?.close());

const roll = (userId: string, opts: RollOptions = {}, on: PrismaClient = db) =>
  on.$transaction((tx) => createDeveloperTokens(tx, userId, opts));
const status = async (token: string, now?: Date) => (await verifyToken(db, token, now)).status;
const statuses = async (pair: DeveloperTokenPair, now?: Date) => [
  await status(pair.live, now),
  await status(pair.sandbox, now),
];

/** Rows that still work: current (no expiresAt) or in their grace period. */
async function usable(userId: string, now = new Date()) {
  const rows = await db.apiToken.findMany({
    where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
  return { current: rows.filter((r) => !r.expiresAt), expiring: rows.filter((r) => r.expiresAt) };
}

describe("rolling developer tokens", () => {
  it("with old tokens stopping now: the old pair is revoked, the new one works", async () => {
    const { user, tokens: old } = await createAccount(db);
    const fresh = await roll(user.id);
    expect(await statuses(old)).toEqual(["revoked", "revoked"]);
    expect(await statuses(fresh)).toEqual(["valid", "valid"]);
    expect((await usable(user.id)).expiring).toEqual([]);
  });

  it("keeping the old tokens for 24 hours: they work until expiresAt, and not at that instant or after", async () => {
    const { user, tokens: old } = await createAccount(db);
    const now = new Date(Date.now() - 1000); // whole milliseconds, as the column keeps them
    const fresh = await roll(user.id, { keepOld: true, now });
    const expiresAt = new Date(now.getTime() + ROLL_GRACE_MS);

    const oldRows = await db.apiToken.findMany({
      where: { tokenHash: { in: [sha256(old.live), sha256(old.sandbox)] } },
    });
    expect(oldRows.map((r) => [r.revokedAt, r.expiresAt?.toISOString()])).toEqual([
      [null, expiresAt.toISOString()],
      [null, expiresAt.toISOString()],
    ]);
    expect(await statuses(old)).toEqual(["valid", "valid"]);
    expect(await statuses(old, new Date(expiresAt.getTime() - 1))).toEqual(["valid", "valid"]);
    expect(await statuses(old, expiresAt)).toEqual(["expired", "expired"]);
    expect(await statuses(old, new Date(expiresAt.getTime() + 1))).toEqual(["expired", "expired"]);
    expect(await statuses(fresh, new Date(expiresAt.getTime() + 1))).toEqual(["valid", "valid"]);

    const check = await verifyToken(db, old.live);
    expect(check).toMatchObject({ status: "valid", caller: { user: { id: user.id }, mode: "live" } });
  });

  it("lists the current pair first, then the expiring one, and stops listing it once expired", async () => {
    const { user } = await createAccount(db);
    const now = new Date();
    await roll(user.id, { keepOld: true, now });
    const listed = await listActiveTokens(db, user.id, now);
    expect(listed.map((t) => [t.mode, t.expiresAt === null])).toEqual([
      ["live", true],
      ["sandbox", true],
      ["live", false],
      ["sandbox", false],
    ]);
    expect(listed[2].expiresAt!.getTime()).toBe(now.getTime() + ROLL_GRACE_MS);
    for (const t of listed)
      expect(Object.keys(t).sort()).toEqual(["caps", "createdAt", "expiresAt", "id", "lastUsedAt", "mode", "start"]);
    expect(await listActiveTokens(db, user.id, new Date(now.getTime() + ROLL_GRACE_MS))).toHaveLength(2);
  });

  it("a second roll while old tokens are in their grace period revokes those at once: at most one previous pair", async () => {
    const { user, tokens: first } = await createAccount(db);
    const second = await roll(user.id, { keepOld: true });
    const third = await roll(user.id, { keepOld: true });
    expect(await statuses(first)).toEqual(["revoked", "revoked"]);
    expect(await statuses(second)).toEqual(["valid", "valid"]);
    expect(await statuses(third)).toEqual(["valid", "valid"]);
    const { current, expiring } = await usable(user.id);
    expect(current.map((r) => r.tokenHash).sort()).toEqual([sha256(third.live), sha256(third.sandbox)].sort());
    expect(expiring.map((r) => r.tokenHash).sort()).toEqual([sha256(second.live), sha256(second.sandbox)].sort());

    const fourth = await roll(user.id); // old tokens stop now: the graced pair goes too
    expect([...(await statuses(second)), ...(await statuses(third))]).toEqual([
      "revoked",
      "revoked",
      "revoked",
      "revoked",
    ]);
    expect(await statuses(fourth)).toEqual(["valid", "valid"]);
    expect((await usable(user.id)).expiring).toEqual([]);
  });

  it("revoking developer access revokes a pair in its grace period too", async () => {
    const { user, tokens: old } = await createAccount(db);
    const fresh = await roll(user.id, { keepOld: true });
    expect(await revokeDeveloperTokens(db, user.id)).toBe(4);
    expect([...(await statuses(old)), ...(await statuses(fresh))]).toEqual([
      "revoked",
      "revoked",
      "revoked",
      "revoked",
    ]);
    expect(await listActiveTokens(db, user.id)).toEqual([]);
  });

  it("revoke now stops only the pair in its grace period", async () => {
    const { user, tokens: old } = await createAccount(db);
    const fresh = await roll(user.id, { keepOld: true });
    expect(await revokeExpiringTokens(db, user.id)).toBe(2);
    expect(await statuses(old)).toEqual(["revoked", "revoked"]);
    expect(await statuses(fresh)).toEqual(["valid", "valid"]);
    expect(await revokeExpiringTokens(db, user.id)).toBe(0); // replayed: nothing left to do
  });

  it("acts on the given user's tokens only: another user's, current or expiring, stay as they were", async () => {
    const me = await createAccount(db);
    const other = await createAccount(db);
    const theirNew = await roll(other.user.id, { keepOld: true });
    const before = await db.apiToken.findMany({ where: { userId: other.user.id }, orderBy: { id: "asc" } });

    await roll(me.user.id, { keepOld: true });
    await roll(me.user.id);
    await revokeExpiringTokens(db, me.user.id);
    await revokeDeveloperTokens(db, me.user.id);
    expect(await db.$transaction((tx) => enableDeveloperTokens(tx, me.user.id))).not.toBeNull();

    expect(await db.apiToken.findMany({ where: { userId: other.user.id }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await statuses(other.tokens)).toEqual(["valid", "valid"]);
    expect(await statuses(theirNew)).toEqual(["valid", "valid"]);
  });
});

describe("enabling developer access", () => {
  it("issues a pair only when the user has none: a stale page or replayed form doesn't roll", async () => {
    const { user, tokens } = await createAccount(db);
    expect(await db.$transaction((tx) => enableDeveloperTokens(tx, user.id))).toBeNull();
    expect(await statuses(tokens)).toEqual(["valid", "valid"]);

    await revokeDeveloperTokens(db, user.id);
    const again = await db.$transaction((tx) => enableDeveloperTokens(tx, user.id));
    expect(again).not.toBeNull();
    expect(await statuses(again!)).toEqual(["valid", "valid"]);
  });

  it("two at once issue one pair", async () => {
    const { user } = await createAccount(db);
    await revokeDeveloperTokens(db, user.id);
    const results = await Promise.all(
      [handles.a, handles.b].map((h) => h.$transaction((tx) => enableDeveloperTokens(tx, user.id))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await usable(user.id)).current).toHaveLength(2);
  });
});

describe("concurrent rolls", () => {
  it("leave exactly one current pair and at most one previous pair, whatever each asked for", async () => {
    const { user } = await createAccount(db);
    const pairs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => roll(user.id, { keepOld: i % 2 === 0 }, i % 2 === 0 ? handles.a : handles.b)),
    );
    const { current, expiring } = await usable(user.id);
    expect(current.map((r) => r.mode).sort()).toEqual(["live", "sandbox"]);
    expect(
      expiring.length === 0 ||
        expiring
          .map((r) => r.mode)
          .sort()
          .join() === "live,sandbox",
    ).toBe(true);

    // The current pair is one of the pairs handed out, both of its halves.
    const winner = pairs.find((p) => current.some((r) => r.tokenHash === sha256(p.live)))!;
    expect(current.map((r) => r.tokenHash).sort()).toEqual([sha256(winner.live), sha256(winner.sandbox)].sort());
    const working = (await Promise.all(pairs.map((p) => statuses(p)))).filter((s) => s.join() === "valid,valid");
    expect(working.length).toBe(1 + expiring.length / 2);
  });

  it("the database refuses a second current token of a mode even without the lock", async () => {
    const { user } = await createAccount(db);
    const duplicate = db.apiToken.create({
      data: { userId: user.id, mode: "live", tokenHash: sha256(`dup-${user.id}`), start: "rbn_live_dupli" },
    });
    await expect(duplicate).rejects.toThrow();
    expect((await usable(user.id)).current).toHaveLength(2);
  });
});
