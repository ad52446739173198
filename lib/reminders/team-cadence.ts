import type { Tx } from "@/lib/db";
import { badRequest, forbidden, unknownFieldProblems, ValidationError } from "@/lib/errors";
import { ownerRequired, type TeamRole } from "@/lib/teams/roles";
import { checkCadence } from "@/lib/gifts/reminder-cadence";
import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR } from "./cadence";

/** A team's reminder settings: the cadence its new gifts get unless their request gives one. */
export type ReminderSettings = { teamId: string; cadence: string[]; quietHours: string };

const hour = (h: number) => `${String(h).padStart(2, "0")}:00`;
const QUIET_HOURS = `${hour(QUIET_FROM_HOUR)}-${hour(QUIET_UNTIL_HOUR)}`;

export async function readReminderSettings(db: Tx, teamId: string): Promise<ReminderSettings> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { reminderCadence: true } });
  return reminderSettingsOf(teamId, team.reminderCadence);
}

/** The settings of a team whose cadence the caller read. */
export const reminderSettingsOf = (teamId: string, cadence: string[]): ReminderSettings => ({
  teamId,
  cadence,
  quietHours: QUIET_HOURS,
});

/** `{"reminders": {"cadence": [...]}}` → the cadence, or every problem with its pointer. */
export function parseReminderSettings(body: unknown): string[] {
  const reminders = (body as { reminders?: unknown } | null)?.reminders;
  if (!reminders || typeof reminders !== "object" || Array.isArray(reminders))
    throw badRequest('The body must be {"reminders": {"cadence": ["P3D", "P7D", "-P2D"]}}.');
  const fields = reminders as Record<string, unknown>;
  const problems = unknownFieldProblems(fields, ["cadence"], "/reminders");
  const { cadence, problems: found } = checkCadence(fields.cadence ?? null, "Cadence");
  for (const p of found)
    problems.push({
      detail: p.detail,
      code: p.code,
      pointer: p.index === undefined ? "/reminders/cadence" : `/reminders/cadence/${p.index}`,
    });
  if (problems.length > 0 || !cadence) throw new ValidationError(problems);
  return cadence;
}

/**
 * `PATCH /reminders`: an owner sets the team's default cadence (`[]`: no reminders by default).
 * Gifts keep the cadence they were created with; only new gifts get the new one. The shared
 * sandbox team's cadence is the default one (give `reminders` per gift there).
 */
export async function updateReminderSettings(
  db: Tx,
  actor: { mode: "live" | "sandbox"; role: TeamRole; team: { id: string } },
  body: unknown,
): Promise<ReminderSettings> {
  if (actor.mode === "sandbox")
    throw forbidden("The sandbox's reminder cadence can't be changed: give `reminders` on each gift instead.");
  if (actor.role !== "owner")
    throw ownerRequired(`Only the team's owners can set its reminders. Ask an owner of team "${actor.team.id}".`);
  const cadence = parseReminderSettings(body);
  await db.team.update({ where: { id: actor.team.id }, data: { reminderCadence: cadence } });
  return readReminderSettings(db, actor.team.id);
}
