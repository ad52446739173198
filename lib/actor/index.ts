import type { Tx } from "@/lib/db";
import { resolveTeam, type TeamRef } from "@/lib/teams";
import type { TeamRole } from "@/lib/teams/roles";
import type { Caller } from "@/lib/tokens";
import { actorFromToken } from "./token";

/** Someone signed in to the site, through their session (no credential of its own): live, or their own sandbox after `inSandbox`. */
export type SessionActor = Omit<Caller, "via" | "credentialId"> & { via: "session"; credentialId: null };

/**
 * Who is asking: the person, in which mode (live or sandbox), and through what: the site's
 * session, a developer token or an OAuth token (the last two are a `Caller`).
 */
export type Actor = Caller | SessionActor;

/** An actor acting on one team, with their role in it. */
export type TeamActor<A extends Actor = Actor> = A & { team: TeamRef; role: TeamRole };

/**
 * The one place a request becomes an actor. An API request (`Request`) is asked for its bearer
 * token (a bad one throws 401 with the reason); pages and server actions ask for "session"
 * (the site's cookie; null when no one is signed in). The API never reads the session cookie.
 */
export async function whoIsAsking(db: Tx, from: Request): Promise<Caller>;
export async function whoIsAsking(db: Tx, from: "session"): Promise<SessionActor | null>;
export async function whoIsAsking(db: Tx, from: Request | "session"): Promise<Actor | null> {
  if (from !== "session") return actorFromToken(db, from);
  // Loaded on demand: Auth.js (and its session cookie) belongs to the site; API requests never load it.
  const { signedInPerson } = await import("@/lib/auth");
  const person = await signedInPerson();
  return person && { user: person, mode: "live", via: "session", credentialId: null };
}

/** The same person in sandbox mode (the site's live/sandbox switch): each person's sandbox is their own. */
export const inSandbox = <A extends Actor>(actor: A): A => ({ ...actor, mode: "sandbox" });

/**
 * The team an actor acts on and their role there (lib/teams/resolve-team.ts decides which
 * team, and answers 404/403 for one they can't use). Permission rules stay with the domain
 * functions; this says who is asking on which team.
 */
export async function onTeam<A extends Actor>(db: Tx, actor: A, teamId: string | undefined): Promise<TeamActor<A>> {
  const { role, ...team } = await resolveTeam(db, actor, teamId);
  return { ...actor, team, role };
}
