import type { TeamRole } from "./roles";
import type { Tx } from "@/lib/db";
import { badRequest, ValidationError } from "@/lib/errors";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { SANDBOX_TEAM_ID } from "./constants";
import { MAX_TEAM_NAME_LENGTH, slugify } from "./slug";

export type CreateTeamInput = { name: string; ownerId?: string };

/** A team's name: trimmed, 1 to 80 characters, free text's one rule (lib/format/text.ts: no controls, no bidi overrides). */
export function parseTeamName(input: unknown): string {
  const name = typeof input === "string" ? input.trim() : "";
  if (!name) throw badRequest("A team needs a name.");
  if (name.length > MAX_TEAM_NAME_LENGTH)
    throw badRequest(`A team's name can be at most ${MAX_TEAM_NAME_LENGTH} characters.`);
  if (hasForbiddenCharacters(name))
    throw new ValidationError([
      {
        detail: "A team's name contains characters that are not allowed",
        pointer: "/name",
        code: "invalid_characters",
      },
    ]);
  return name;
}

/**
 * Creates a team with a slug id derived from its name (suffixed "-2", "-3"… when taken; two
 * concurrent creates of one name get different slugs: the insert skips a taken id instead of
 * failing the transaction). The owner, if given, becomes its first owner.
 */
export async function createTeam(db: Tx, input: CreateTeamInput) {
  const name = parseTeamName(input.name);
  const base = slugify(name);
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (id === SANDBOX_TEAM_ID) continue;
    const { count } = await db.team.createMany({ data: [{ id, name }], skipDuplicates: true });
    if (count === 0) continue;
    if (input.ownerId) await db.membership.create({ data: { userId: input.ownerId, teamId: id, role: "owner" } });
    return db.team.findUniqueOrThrow({ where: { id } });
  }
}

export async function addMember(db: Tx, teamId: string, userId: string, role: TeamRole = "member") {
  return db.membership.upsert({
    where: { userId_teamId: { userId, teamId } },
    create: { userId, teamId, role },
    update: { role },
  });
}
