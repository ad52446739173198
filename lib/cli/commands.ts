import { parseArgs } from "node:util";
import type { PrismaClient } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { createUser } from "@/lib/users/create-user";
import { findUser } from "@/lib/users/find-user";
import { addMember, createTeam } from "@/lib/teams/create-team";
import { createDeveloperTokens } from "@/lib/tokens/create-developer-tokens";
import { createOAuthClient } from "@/lib/oauth/create-client";
import { setCard } from "@/lib/billing";

type Flags = Record<string, string | string[] | undefined>;

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || !value.trim()) throw badRequest(`--${name} is required.`);
  return value;
}

function parseExpiry(value: string | undefined): { expMonth?: number; expYear?: number } {
  if (!value) return {};
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (!match) throw badRequest("--exp must look like MM/YY.");
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: year < 100 ? 2000 + year : year };
}

const commands: Record<string, { usage: string; run(db: PrismaClient, flags: Flags): Promise<unknown> }> = {
  "user:create": {
    usage: "--email EMAIL --name NAME",
    run: async (db, f) => {
      const user = await createUser(db, { email: required(f, "email"), name: required(f, "name") });
      return { id: user.id, email: user.email, name: user.name };
    },
  },
  "team:create": {
    usage: "--name NAME [--owner USER]",
    run: async (db, f) =>
      db.$transaction(async (tx) => {
        const owner = typeof f.owner === "string" ? await findUser(tx, f.owner) : undefined;
        const team = await createTeam(tx, { name: required(f, "name"), ownerId: owner?.id });
        return { id: team.id, name: team.name, owner: owner?.email ?? null };
      }),
  },
  "team:add-member": {
    usage: "--team TEAM --user USER [--role member|owner]",
    run: async (db, f) => {
      const team = await db.team.findUnique({ where: { id: required(f, "team") } });
      if (!team || team.id === "sandbox") throw badRequest(`No team ${f.team}.`);
      const user = await findUser(db, required(f, "user"));
      if (f.role !== undefined && f.role !== "member" && f.role !== "owner")
        throw badRequest("--role must be member or owner.");
      const role = f.role === "owner" ? "owner" : "member";
      await addMember(db, team.id, user.id, role);
      return { team: team.id, user: user.email, role };
    },
  },
  "tokens:create": {
    usage: "--user USER   (revokes the user's previous tokens)",
    run: async (db, f) =>
      db.$transaction(async (tx) => {
        const user = await findUser(tx, required(f, "user"));
        const tokens = await createDeveloperTokens(tx, user.id);
        return { user: user.email, live_token: tokens.live, sandbox_token: tokens.sandbox };
      }),
  },
  "oauth-client:create": {
    usage: "--name NAME --redirect-uri URI [--redirect-uri URI ...]",
    run: async (db, f) => {
      const uris = f["redirect-uri"];
      const client = await createOAuthClient(db, {
        name: required(f, "name"),
        redirectUris: Array.isArray(uris) ? uris : [],
      });
      return {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        name: client.name,
        redirect_uris: client.redirectUris,
      };
    },
  },
  "card:set": {
    usage: "--team TEAM --number CARD_NUMBER [--exp MM/YY]",
    run: async (db, f) => {
      const teamId = required(f, "team");
      if (!(await db.team.findUnique({ where: { id: teamId } })) || teamId === "sandbox")
        throw badRequest(`No team ${teamId}.`);
      const card = await setCard(db, {
        teamId,
        number: required(f, "number"),
        ...parseExpiry(f.exp as string | undefined),
      });
      return { team: teamId, brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear };
    },
  },
};

export function usage(): string {
  return [
    "Usage: npm run ribbon -- <command> [flags]",
    ...Object.entries(commands).map(([n, c]) => `  ${n} ${c.usage}`),
  ].join("\n");
}

/** Runs one admin command; returns what it prints as JSON. Throws on bad input. */
export async function runCommand(db: PrismaClient, argv: string[]): Promise<unknown> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) throw badRequest(name ? `Unknown command ${name}.\n${usage()}` : usage());
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      owner: { type: "string" },
      team: { type: "string" },
      user: { type: "string" },
      role: { type: "string" },
      number: { type: "string" },
      exp: { type: "string" },
      "redirect-uri": { type: "string", multiple: true },
    },
    strict: true,
  });
  return command.run(db, values);
}
