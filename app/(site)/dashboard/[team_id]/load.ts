import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { HttpError } from "@/lib/errors";
import { teamContext as lookUpTeam } from "@/lib/site/context";

/**
 * Who is signed in and on which team, read once per request: the team's layout (assertOnTeam)
 * and the page (loadTeam) ask the same in live mode, and each asking cost two statements.
 */
const teamContextOnce = cache(lookUpTeam);

/**
 * The dashboard's who and where, once per render: the signed-in person on the team in the URL,
 * in live or sandbox mode. Not signed in: to sign-in and back; not on the team: 404, as the API.
 */
export const loadTeam = cache(async (teamId: string, mode: "live" | "sandbox", here: string) => {
  let context;
  try {
    context = await teamContextOnce(teamId, mode);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  }
  if (!context) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  return context;
});

/**
 * The team's pages are its members' only: for anyone else signed in, a team that exists and one
 * that doesn't are the same 404. Checked by the team's layout, above the board's loading
 * skeleton: a notFound() below a Suspense boundary comes after the 200 has been sent.
 * Signed out: nothing here (the page sends them to sign in and back).
 */
export const assertOnTeam = cache(async (teamId: string) => {
  try {
    await teamContextOnce(teamId, "live");
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  }
});
