import type { SessionActor } from "@/lib/actor";
import { BillingError, HttpError, ValidationError, type FieldProblem } from "@/lib/errors";
import { siteContext, teamContext, type SiteContext } from "./context";

/** What a form says when nobody is signed in any more. */
export const SESSION_ENDED = "Your session has ended: sign in again.";

/** A text field of a posted form ("" when missing or a file). */
export function formField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** A form action's work done, or the words the form shows instead. */
export type FormOutcome<T> = { done: T } | { error: string };

type ProblemWords = (problems: FieldProblem[]) => string;
const details: ProblemWords = (problems) => problems.map((p) => p.detail).join(". ");

/**
 * What a form shows when the domain refuses its post: a validation error's problems, or the
 * message of an HTTP error (a role, a stage, a limit) or a billing one (the card, the budget, a
 * cap). Anything else is a bug and is thrown on.
 */
export function refusalOf(error: unknown, words: ProblemWords = details): string {
  if (error instanceof ValidationError) return words(error.problems);
  if (error instanceof HttpError || error instanceof BillingError) return error.message;
  throw error;
}

/**
 * Runs a form action's work as the signed-in person. Every server action is a public endpoint:
 * the person comes from the session, never the form, and the domain function checks what they
 * may do; its refusal becomes the form's message.
 */
export async function asSignedIn<T>(
  work: (context: { db: SiteContext["db"]; actor: SessionActor }) => Promise<T>,
  words?: ProblemWords,
): Promise<FormOutcome<T>> {
  const { db, actor } = await siteContext();
  if (!actor) return { error: SESSION_ENDED };
  try {
    return { done: await work({ db, actor }) };
  } catch (error) {
    return { error: refusalOf(error, words) };
  }
}

/** What teamContext gives a signed-in person on a team: the database, the team and the actor. */
export type TeamFormContext = NonNullable<Awaited<ReturnType<typeof teamContext>>>;

/** The same, as the signed-in person on a team (teamContext: live, or their own sandbox). */
export async function onTeamForm<T>(
  teamId: string,
  mode: "live" | "sandbox",
  work: (context: TeamFormContext) => Promise<T>,
  words?: ProblemWords,
): Promise<FormOutcome<T>> {
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return { error: SESSION_ENDED };
    return { done: await work(context) };
  } catch (error) {
    return { error: refusalOf(error, words) };
  }
}
