import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { HttpError } from "@/lib/errors";
import { teamContext } from "@/lib/site/context";

/**
 * The dashboard's who and where, once per render: the signed-in person on the team in the URL,
 * in live or sandbox mode. Not signed in: to sign-in and back; not on the team: 404, as the API.
 */
export const loadTeam = cache(async (teamId: string, mode: "live" | "sandbox", here: string) => {
  let context;
  try {
    context = await teamContext(teamId, mode);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  }
  if (!context) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  return context;
});
