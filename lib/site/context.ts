import { whoIsAsking, type SessionActor } from "@/lib/actor";
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

/** The database alone, for what strangers use: the untie page, card images, the OAuth token endpoint. */
export async function publicContext(): Promise<Pick<SiteContext, "db">> {
  return { db: await getDb() };
}
