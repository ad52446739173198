// The release check's goals (issue 50, "Pages at Next's own floor"): each figure of
// `npm run bench -- pages` as a least share of its reference, measured beside it in the same run.
// The one home of these numbers: scripts/bench/pages.ts checks them (`--check`), scripts/bench.ts
// names the create's, docs/performance.md quotes them.

/** What a share is of: the bare Next.js app's page or route (scripts/bench/bare-app/), or Ribbon's API. */
export type Reference = "bare page" | "bare route" | "GET /api/v1/teams";

export type Goal = { reference: Reference; least: number };

export const GOALS = {
  /** The 404 page: the root layout and a few words, no session, no statement. */
  notFound: { reference: "bare page", least: 0.9 },
  /** GET /api/v1/teams with a token: the token, the memberships, a JSON:API answer. */
  apiTeams: { reference: "bare route", least: 0.5 },
  home: { reference: "bare page", least: 0.8 },
  signin: { reference: "bare page", least: 0.8 },
  /** Rendered once per build (`.next/ribbon/docs.html`), served by a route handler. */
  docs: { reference: "bare page", least: 1.5 },
  /** The recipient's page of a live link gift. */
  untie: { reference: "bare page", least: 0.5 },
  /** /account, /teams/:team, /dashboard/:team, /dashboard/:team/send. */
  signedIn: { reference: "bare page", least: 0.4 },
  /** A sandbox create, `POST /api/v1/teams/sandbox/gifts`. */
  create: { reference: "GET /api/v1/teams", least: 0.6 },
} as const satisfies Record<string, Goal>;

/** "≥ 90% of the bare page". */
export function describeGoal(goal: Goal): string {
  return `≥ ${Math.round(goal.least * 100)}% of ${goal.reference}`;
}
