import { sha256 } from "@/lib/crypto";
import type { PrismaClient } from "@/lib/db";
import { queryRows, type Queryable } from "@/lib/database/sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { ValidationError, type FieldProblem } from "@/lib/errors";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { issueToken, lockUser } from "./create-developer-tokens";
import type { TokenMode } from "./format";

/**
 * Named API keys (docs/api.md, "API keys"): besides the pair every developer has, keys a person
 * names for one use ("CI", "Zapier reporting"), each live or sandbox, full or read-only (GET
 * only), and a live one kept to one of their teams. They act as their holder, within those
 * limits (`Caller.key`, enforced by lib/api/handler.ts and lib/teams/resolve-team.ts); a roll
 * of the pair leaves them alone, turning developer access off revokes them too.
 */
export const MAX_NAMED_KEYS = 25;
export const MAX_KEY_NAME = 60;

export type KeyAccess = "full" | "read";
export type NamedKeyView = {
  id: number;
  name: string;
  mode: TokenMode;
  access: KeyAccess;
  team: { id: string; name: string } | null;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};
export type NamedKeyRequest = { name: string; mode: TokenMode; access: KeyAccess; teamId: string | null };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** A key request as a form or a body gives it: every problem at once, with its field. */
export function parseNamedKey(input: Record<string, unknown>): NamedKeyRequest {
  const problems: FieldProblem[] = [];
  const name = text(input.name);
  if (name === "") problems.push({ detail: "Name can't be blank", pointer: "/name", code: "blank" });
  else if (name.length > MAX_KEY_NAME)
    problems.push({ detail: `Name is at most ${MAX_KEY_NAME} characters`, pointer: "/name", code: "too_long" });
  else if (hasForbiddenCharacters(name))
    problems.push({ detail: "Name has invalid characters", pointer: "/name", code: "invalid_characters" });
  const mode = input.mode;
  if (mode !== "live" && mode !== "sandbox")
    problems.push({ detail: "Mode must be live or sandbox", pointer: "/mode", code: "invalid" });
  const access = input.access ?? "full";
  if (access !== "full" && access !== "read")
    problems.push({ detail: "Access must be full or read", pointer: "/access", code: "invalid" });
  const team = text(input.team);
  if (team.length > 100) problems.push({ detail: "Team is not one of your teams", pointer: "/team", code: "invalid" });
  if (team !== "" && mode === "sandbox")
    problems.push({
      detail: "A sandbox key can't be kept to a team: sandbox keys use the sandbox only",
      pointer: "/team",
      code: "invalid",
    });
  if (problems.length > 0) throw new ValidationError(problems);
  return { name, mode: mode as TokenMode, access: access as KeyAccess, teamId: team === "" ? null : team };
}

const VIEW_SELECT = {
  id: true,
  name: true,
  mode: true,
  access: true,
  start: true,
  createdAt: true,
  lastUsedAt: true,
  team: { select: { id: true, name: true } },
} as const;

type Row = Omit<NamedKeyView, "mode" | "access" | "name"> & { name: string | null; mode: string; access: string };

const toView = (row: Row): NamedKeyView => ({
  ...row,
  name: row.name ?? "",
  mode: row.mode === "live" ? "live" : "sandbox",
  access: row.access === "read" ? "read" : "full",
});

/**
 * A new key for the person, its secret returned once (only its hash is stored). Refused: a
 * name one of their keys already has, a team they aren't on, more than MAX_NAMED_KEYS keys.
 * The person's row is locked, so two at once can't pass the limit together.
 */
export async function createNamedKey(
  db: PrismaClient,
  userId: string,
  request: NamedKeyRequest,
): Promise<{ key: NamedKeyView; secret: string }> {
  return db.$transaction(async (tx) => {
    await lockUser(tx, userId);
    const active = await tx.apiToken.findMany({
      where: { userId, name: { not: null }, revokedAt: null },
      select: { name: true },
    });
    const problems: FieldProblem[] = [];
    if (active.length >= MAX_NAMED_KEYS)
      problems.push({
        detail: `You have ${MAX_NAMED_KEYS} keys, the most one person may: revoke one first`,
        pointer: "/name",
        code: "too_many_keys",
      });
    if (active.some((k) => k.name?.toLowerCase() === request.name.toLowerCase()))
      problems.push({ detail: "One of your keys already has this name", pointer: "/name", code: "duplicate_name" });
    if (request.teamId !== null) {
      const member = await tx.membership.findUnique({
        where: { userId_teamId: { userId, teamId: request.teamId } },
        select: { teamId: true },
      });
      if (!member) problems.push({ detail: "Team is not one of your teams", pointer: "/team", code: "invalid" });
    }
    if (problems.length > 0) throw new ValidationError(problems);
    const secret = await issueToken(tx, userId, request.mode, {
      name: request.name,
      access: request.access,
      teamId: request.teamId,
    });
    const key = await tx.apiToken.findUniqueOrThrow({ where: { tokenHash: sha256(secret) }, select: VIEW_SELECT });
    return { key: toView(key), secret };
  });
}

/**
 * The person's named keys that work, newest first (only their first characters are known). One
 * raw statement: the account page reads it on every render, and Prisma's query path costs more
 * CPU than the read.
 */
export async function listNamedKeys(db: Queryable, userId: string): Promise<NamedKeyView[]> {
  const rows = await queryRows<Omit<Row, "team"> & { teamId: string | null; teamName: string | null }>(
    db,
    Prisma.sql`
      SELECT k."id", k."name", k."mode", k."access", k."start", k."createdAt", k."lastUsedAt",
             t."id" AS "teamId", t."name" AS "teamName"
        FROM "ApiToken" k LEFT JOIN "Team" t ON t."id" = k."teamId"
       WHERE k."userId" = ${userId} AND k."name" IS NOT NULL AND k."revokedAt" IS NULL
       ORDER BY k."createdAt" DESC, k."id" DESC`,
  );
  return rows.map(({ teamId, teamName, ...row }) =>
    toView({ ...row, team: teamId === null ? null : { id: teamId, name: teamName ?? "" } }),
  );
}

/** Revokes one of the person's named keys; false when it isn't one of theirs, or is revoked already. */
export async function revokeNamedKey(db: PrismaClient, userId: string, id: number, now = new Date()): Promise<boolean> {
  const { count } = await db.apiToken.updateMany({
    where: { id, userId, name: { not: null }, revokedAt: null },
    data: { revokedAt: now },
  });
  return count === 1;
}
