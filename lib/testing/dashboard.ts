import type { SessionActor } from "@/lib/actor";
import type { DashboardQuery } from "@/lib/dashboard";

/** A person signed in to the site, as the dashboard's actions and pages see them. */
export const sessionActor = (user: { id: string; name: string | null; email: string }): SessionActor => ({
  user: { id: user.id, name: user.name, email: user.email },
  mode: "live",
  via: "session",
  credentialId: null,
});

/** The board's default view in live mode, with what a test changes. */
export const liveQuery = (q: Partial<DashboardQuery> = {}): DashboardQuery => ({ mode: "live", order: "newest", ...q });
