import type { ReactNode } from "react";
import { assertOnTeam } from "./load";

/**
 * Every page of a team's dashboard (the board, send, upload, a gift): a 404 for anyone signed in
 * who is not on the team, decided here, before the board's loading skeleton (app/(site)/dashboard/
 * [team_id]/(board)/loading.tsx) starts a 200 stream.
 */
export default async function TeamDashboardLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ team_id: string }>;
}) {
  await assertOnTeam((await params).team_id);
  return children;
}
