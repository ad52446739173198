import type { Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { SANDBOX_TEAM_ID } from "./constants";

export type CreateTeamInput = { name: string; ownerId?: string };

function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "team"
  );
}

/** Creates a team with a slug id derived from its name (suffixed when taken). */
export async function createTeam(db: Tx, input: CreateTeamInput) {
  const name = input.name.trim();
  if (!name) throw badRequest("A team needs a name.");
  const base = slugify(name);
  let id = base;
  for (let n = 2; id === SANDBOX_TEAM_ID || (await db.team.findUnique({ where: { id } })); n++) id = `${base}-${n}`;
  return db.team.create({
    data: {
      id,
      name,
      memberships: input.ownerId ? { create: { userId: input.ownerId, role: "owner" } } : undefined,
    },
  });
}

export async function addMember(db: Tx, teamId: string, userId: string, role: "owner" | "member" = "member") {
  return db.membership.upsert({
    where: { userId_teamId: { userId, teamId } },
    create: { userId, teamId, role },
    update: { role },
  });
}
