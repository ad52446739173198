import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "@/lib/crypto";
import type { Database } from "@/lib/database/open";
import type { PrismaClient } from "@/lib/db";
import { HttpError } from "@/lib/errors";
import { openTestDatabase } from "@/lib/testing/test-database";
import { verifyToken } from "@/lib/tokens";
import { runCommand, usage } from "./commands";

let database: Database;
let db: PrismaClient;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.prisma;
  await db.team.create({ data: { id: "sandbox", name: "Sandbox" } });
});
afterAll(async () => {
  await database?.close();
});

const run = (...argv: string[]) => runCommand(db, argv);

/** The command's error, which must be a 400/404 HttpError carrying `message`. */
async function failure(argv: string[], status: number, message: string | RegExp) {
  const error = await runCommand(db, argv).then(
    (value) => {
      throw new Error(`expected ${argv.join(" ")} to fail, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(status);
  if (typeof message === "string") expect((error as HttpError).message).toBe(message);
  else expect((error as HttpError).message).toMatch(message);
}

describe("runCommand", () => {
  describe("unknown or missing commands", () => {
    it("lists every command in the usage", () => {
      const text = usage();
      expect(text.split("\n")[0]).toBe("Usage: npm run ribbon -- <command> [flags]");
      for (const name of [
        "user:create",
        "team:create",
        "team:add-member",
        "tokens:create",
        "oauth-client:create",
        "card:set",
      ]) {
        expect(text).toContain(`  ${name} `);
      }
    });

    it("answers an unknown command with its name and the usage", async () => {
      await failure(["user:delete", "--email", "x@example.test"], 400, `Unknown command user:delete.\n${usage()}`);
    });

    it("answers no command at all with the usage", async () => {
      await failure([], 400, usage());
    });

    it("rejects an unknown flag", async () => {
      await expect(run("user:create", "--email", "x@example.test", "--name", "X", "--admin")).rejects.toThrow(
        /--admin/,
      );
      expect(await db.user.count({ where: { email: "x@example.test" } })).toBe(0);
    });
  });

  describe("user:create", () => {
    it("creates a user with a normalised email", async () => {
      const out = await run("user:create", "--email", "  Ada@Example.TEST ", "--name", " Ada Lovelace ");
      expect(out).toEqual({ id: expect.any(String), email: "ada@example.test", name: "Ada Lovelace" });
      const row = await db.user.findUniqueOrThrow({ where: { email: "ada@example.test" } });
      expect(row.id).toBe((out as { id: string }).id);
    });

    it("refuses a duplicate email, whatever its case", async () => {
      await failure(
        ["user:create", "--email", "ADA@example.test", "--name", "Other Ada"],
        400,
        "A user with email ada@example.test already exists.",
      );
      expect(await db.user.count({ where: { email: "ada@example.test" } })).toBe(1);
    });

    it("requires --email and --name", async () => {
      await failure(["user:create", "--name", "No Email"], 400, "--email is required.");
      await failure(["user:create", "--email", "no-name@example.test"], 400, "--name is required.");
      await failure(["user:create", "--email", "no-name@example.test", "--name", "   "], 400, "--name is required.");
      expect(await db.user.count({ where: { email: "no-name@example.test" } })).toBe(0);
    });

    it("refuses something that is not an email address", async () => {
      await failure(
        ["user:create", "--email", "not-an-email", "--name", "X"],
        400,
        '"not-an-email" is not an email address.',
      );
    });
  });

  describe("team:create", () => {
    it("creates a team owned by a user named by email", async () => {
      const out = await run("team:create", "--name", "Acme Rockets", "--owner", "ada@example.test");
      expect(out).toEqual({ id: "acme-rockets", name: "Acme Rockets", owner: "ada@example.test" });
      const team = await db.team.findUniqueOrThrow({
        where: { id: "acme-rockets" },
        include: { memberships: { include: { user: true } } },
      });
      expect(team.memberships.map((m) => [m.user.email, m.role])).toEqual([["ada@example.test", "owner"]]);
    });

    it("creates a team without an owner, and suffixes a taken slug", async () => {
      expect(await run("team:create", "--name", "Acme   Rockets!")).toEqual({
        id: "acme-rockets-2",
        name: "Acme   Rockets!",
        owner: null,
      });
      expect(await db.membership.count({ where: { teamId: "acme-rockets-2" } })).toBe(0);
    });

    it("never takes the sandbox team's id", async () => {
      expect(await run("team:create", "--name", "Sandbox")).toMatchObject({ id: "sandbox-2" });
    });

    it("accepts the owner by user id", async () => {
      const ada = await db.user.findUniqueOrThrow({ where: { email: "ada@example.test" } });
      expect(await run("team:create", "--name", "By Id", "--owner", ada.id)).toEqual({
        id: "by-id",
        name: "By Id",
        owner: "ada@example.test",
      });
    });

    it("refuses an unknown owner and creates nothing", async () => {
      await failure(
        ["team:create", "--name", "Orphans", "--owner", "nobody@example.test"],
        404,
        "No user nobody@example.test.",
      );
      expect(await db.team.findUnique({ where: { id: "orphans" } })).toBeNull();
    });

    it("requires --name", async () => {
      await failure(["team:create", "--owner", "ada@example.test"], 400, "--name is required.");
    });
  });

  describe("team:add-member", () => {
    it("adds a member, then changes the role", async () => {
      await run("user:create", "--email", "bob@example.test", "--name", "Bob");
      expect(await run("team:add-member", "--team", "acme-rockets", "--user", "bob@example.test")).toEqual({
        team: "acme-rockets",
        user: "bob@example.test",
        role: "member",
      });
      expect(
        await run("team:add-member", "--team", "acme-rockets", "--user", "bob@example.test", "--role", "owner"),
      ).toMatchObject({ role: "owner" });
      const bob = await db.user.findUniqueOrThrow({ where: { email: "bob@example.test" } });
      const memberships = await db.membership.findMany({ where: { userId: bob.id } });
      expect(memberships.map((m) => [m.teamId, m.role])).toEqual([["acme-rockets", "owner"]]);
    });

    it("refuses the sandbox team, unknown teams and unknown users", async () => {
      await failure(["team:add-member", "--team", "sandbox", "--user", "bob@example.test"], 400, "No team sandbox.");
      await failure(
        ["team:add-member", "--team", "no-such-team", "--user", "bob@example.test"],
        400,
        "No team no-such-team.",
      );
      await failure(
        ["team:add-member", "--team", "acme-rockets", "--user", "nobody@example.test"],
        404,
        "No user nobody@example.test.",
      );
      expect(await db.membership.count({ where: { teamId: "sandbox" } })).toBe(0);
    });

    it("refuses a role other than member or owner instead of quietly making a member", async () => {
      await run("user:create", "--email", "carol@example.test", "--name", "Carol");
      await failure(
        ["team:add-member", "--team", "acme-rockets", "--user", "carol@example.test", "--role", "admin"],
        400,
        "--role must be member or owner.",
      );
      const carol = await db.user.findUniqueOrThrow({ where: { email: "carol@example.test" } });
      expect(await db.membership.count({ where: { userId: carol.id } })).toBe(0);
    });

    it("requires --team and --user", async () => {
      await failure(["team:add-member", "--user", "bob@example.test"], 400, "--team is required.");
      await failure(["team:add-member", "--team", "acme-rockets"], 400, "--user is required.");
    });
  });

  describe("tokens:create", () => {
    it("issues a live and a sandbox token, stored hashed, and revokes the previous pair", async () => {
      const first = (await run("tokens:create", "--user", "ada@example.test")) as Record<string, string>;
      expect(first).toEqual({
        user: "ada@example.test",
        live_token: expect.stringMatching(/^rbn_live_[1-9A-HJ-NP-Za-km-z]{16,}$/),
        sandbox_token: expect.stringMatching(/^rbn_sbox_[1-9A-HJ-NP-Za-km-z]{16,}$/),
      });
      const ada = await db.user.findUniqueOrThrow({ where: { email: "ada@example.test" } });
      const rows = await db.apiToken.findMany({ where: { userId: ada.id } });
      expect(rows.map((r) => r.tokenHash).sort()).toEqual(
        [sha256(first.live_token), sha256(first.sandbox_token)].sort(),
      );
      expect(JSON.stringify(rows)).not.toContain(first.live_token);
      expect(await verifyToken(db, first.live_token)).toMatchObject({ status: "valid", caller: { mode: "live" } });

      const second = (await run("tokens:create", "--user", ada.id)) as Record<string, string>;
      expect(second.live_token).not.toBe(first.live_token);
      expect(await verifyToken(db, first.live_token)).toEqual({ status: "revoked" });
      expect(await verifyToken(db, first.sandbox_token)).toEqual({ status: "revoked" });
      expect(await verifyToken(db, second.sandbox_token)).toMatchObject({
        status: "valid",
        caller: { mode: "sandbox" },
      });
      expect(await db.apiToken.count({ where: { userId: ada.id, revokedAt: null } })).toBe(2);
    });

    it("refuses an unknown user, and requires --user", async () => {
      await failure(["tokens:create", "--user", "nobody@example.test"], 404, "No user nobody@example.test.");
      await failure(["tokens:create"], 400, "--user is required.");
    });
  });

  describe("oauth-client:create", () => {
    it("registers a client with several redirect URIs and returns its secret once", async () => {
      const out = (await run(
        "oauth-client:create",
        "--name",
        "Zapier-ish",
        "--redirect-uri",
        "https://app.example.test/cb",
        "--redirect-uri",
        "http://localhost:8976/callback",
      )) as { client_id: string; client_secret: string; name: string; redirect_uris: string[] };
      expect(out).toEqual({
        client_id: expect.any(String),
        client_secret: expect.any(String),
        name: "Zapier-ish",
        redirect_uris: ["https://app.example.test/cb", "http://localhost:8976/callback"],
      });
      const row = await db.oAuthClient.findUniqueOrThrow({ where: { clientId: out.client_id } });
      expect(row.clientSecretHash).toBe(sha256(out.client_secret));
      expect(JSON.stringify(row)).not.toContain(out.client_secret);
    });

    it("refuses a missing, relative or fragment redirect URI, and a missing name", async () => {
      const before = await db.oAuthClient.count();
      await failure(
        ["oauth-client:create", "--name", "No URI"],
        400,
        "An OAuth client needs at least one redirect URI.",
      );
      await failure(
        ["oauth-client:create", "--name", "Relative", "--redirect-uri", "/callback"],
        400,
        'The redirect URI "/callback" is not an absolute URL.',
      );
      await failure(
        ["oauth-client:create", "--name", "Fragment", "--redirect-uri", "https://x.example.test/cb#frag"],
        400,
        'The redirect URI "https://x.example.test/cb#frag" may not have a fragment.',
      );
      await failure(
        ["oauth-client:create", "--name", "Script", "--redirect-uri", "javascript:alert(1)"],
        400,
        'The redirect URI "javascript:alert(1)" must use https (or http on 127.0.0.1, [::1] or localhost).',
      );
      await failure(["oauth-client:create", "--redirect-uri", "https://x.example.test/cb"], 400, "--name is required.");
      expect(await db.oAuthClient.count()).toBe(before);
    });
  });

  describe("card:set", () => {
    it("puts a card on file, keeping only brand, last 4 and expiry", async () => {
      const out = await run("card:set", "--team", "acme-rockets", "--number", "4242 4242 4242 4242", "--exp", "09/31");
      expect(out).toEqual({ team: "acme-rockets", brand: "visa", last4: "4242", exp_month: 9, exp_year: 2031 });
      const card = await db.paymentMethod.findUniqueOrThrow({ where: { teamId: "acme-rockets" } });
      expect(card).toMatchObject({ brand: "visa", last4: "4242", expMonth: 9, expYear: 2031, testBehavior: "succeed" });
      expect(JSON.stringify(card)).not.toContain("4242424242424242");
    });

    it("replaces the card, marking a declining test number", async () => {
      expect(
        await run("card:set", "--team", "acme-rockets", "--number", "4000-0000-0000-0002", "--exp", "1/2030"),
      ).toMatchObject({
        last4: "0002",
        exp_month: 1,
        exp_year: 2030,
      });
      const cards = await db.paymentMethod.findMany({ where: { teamId: "acme-rockets" } });
      expect(cards).toHaveLength(1);
      expect(cards[0].testBehavior).toBe("decline");
    });

    it("defaults the expiry to December, three years ahead", async () => {
      const out = await run("card:set", "--team", "by-id", "--number", "5555555555554444");
      expect(out).toEqual({
        team: "by-id",
        brand: "mastercard",
        last4: "4444",
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      });
    });

    it("refuses a bad card number and leaves the card on file alone", async () => {
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "4242 4242 4242 4241"],
        400,
        "That is not a valid card number.",
      );
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "4242"],
        400,
        "That is not a valid card number.",
      );
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "abcd efgh ijkl mnop"],
        400,
        "That is not a valid card number.",
      );
      expect(await db.paymentMethod.findUniqueOrThrow({ where: { teamId: "acme-rockets" } })).toMatchObject({
        last4: "0002",
      });
    });

    it("refuses a malformed or invalid expiry", async () => {
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "4242424242424242", "--exp", "2031-09"],
        400,
        "--exp must look like MM/YY.",
      );
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "4242424242424242", "--exp", "13/31"],
        400,
        "The card's expiry month must be 1 to 12.",
      );
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "4242424242424242", "--exp", "01/20"],
        400,
        "The card has expired.",
      );
      const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
      const exp = `${String(lastMonth.getUTCMonth() + 1).padStart(2, "0")}/${lastMonth.getUTCFullYear()}`;
      await failure(
        ["card:set", "--team", "acme-rockets", "--number", "4242424242424242", "--exp", exp],
        400,
        "The card has expired.",
      );
    });

    it("refuses the sandbox team, unknown teams and missing flags", async () => {
      await failure(["card:set", "--team", "sandbox", "--number", "4242424242424242"], 400, "No team sandbox.");
      await failure(
        ["card:set", "--team", "no-such-team", "--number", "4242424242424242"],
        400,
        "No team no-such-team.",
      );
      await failure(["card:set", "--number", "4242424242424242"], 400, "--team is required.");
      await failure(["card:set", "--team", "acme-rockets"], 400, "--number is required.");
      expect(await db.paymentMethod.findUnique({ where: { teamId: "sandbox" } })).toBeNull();
    });
  });
});
