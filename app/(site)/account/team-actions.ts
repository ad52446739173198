"use server";

import { redirect } from "next/navigation";
import { HttpError } from "@/lib/errors";
import { siteContext } from "@/lib/site/context";
import { createTeamForUser } from "@/lib/teams";
import type { ActionState } from "@/components/teams/action-state";

/** "Create a team" on the account page: the new team's page shows its id (the slug). */
export async function createTeamAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const { db, actor } = await siteContext();
  if (!actor) return { error: "Your session has ended: sign in again." };
  let teamId: string;
  try {
    teamId = (await createTeamForUser(db, actor.user.id, formData.get("name"))).id;
  } catch (error) {
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
  redirect(`/teams/${encodeURIComponent(teamId)}?created=1`);
}
