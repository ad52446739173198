"use server";

import { redirect } from "next/navigation";
import { asSignedIn } from "@/lib/site/form-action";
import { createTeamForUser } from "@/lib/teams";
import type { ActionState } from "@/components/teams/action-state";

/** "Create a team" on the account page: the new team's page shows its id (the slug). */
export async function createTeamAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const outcome = await asSignedIn(({ db, actor }) => createTeamForUser(db, actor.user.id, formData.get("name")));
  if ("error" in outcome) return outcome;
  redirect(`/teams/${encodeURIComponent(outcome.done.id)}?created=1`);
}
