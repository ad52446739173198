import { inSandbox, onTeam, whoIsAsking, type SessionActor, type TeamActor } from "@/lib/actor";
import { getDb, type PrismaClient } from "@/lib/db";

/**
 * What the site's pages, server actions and route handlers work with: the database to hand to
 * domain functions, and who is signed in. This is the site's counterpart of `apiRoute`'s
 * context: pages never import the database or read the session themselves.
 */
export type SiteContext = { db: PrismaClient; actor: SessionActor | null };

/** The database and the signed-in person (null when no one is). */
export async function siteContext(): Promise<SiteContext> {
  const db = await getDb();
  return { db, actor: await whoIsAsking(db, "session") };
}

/**
 * The signed-in person on one of their teams (the dashboard): `team` is the live team in the
 * URL, which they must belong to (404 otherwise, as the API answers); `actor` is who acts, on
 * that team in live mode, on their own sandbox in sandbox mode. Null when no one is signed in.
 */
export async function teamContext(
  teamId: string,
  mode: "live" | "sandbox",
): Promise<{ db: PrismaClient; team: TeamActor<SessionActor>; actor: TeamActor<SessionActor> } | null> {
  const { db, actor } = await siteContext();
  if (!actor) return null;
  const team = await onTeam(db, actor, teamId);
  return { db, team, actor: mode === "sandbox" ? await onTeam(db, inSandbox(actor), undefined) : team };
}

/** The database alone, for what strangers use: the untie page, card images, the OAuth token endpoint. */
export async function publicContext(): Promise<Pick<SiteContext, "db">> {
  return { db: await getDb() };
}
