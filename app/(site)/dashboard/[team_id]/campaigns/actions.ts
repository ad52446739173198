"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import { modeOf, remindNotOpened } from "@/lib/dashboard";
import { formField, onTeamForm } from "@/lib/site/form-action";

/**
 * "Remind those who haven't opened" on a campaign's page: resendGift for each (remindNotOpened),
 * as the signed-in person on the form's team; then back to the campaign, saying how many.
 * A forged post (another team, a viewer, a batch of another team) is refused by the same checks.
 */
export async function remindNotOpenedAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const teamId = formField(form, "team");
  const batchId = formField(form, "batch");
  const mode = modeOf(formField(form, "mode"));
  const result = await onTeamForm(teamId, mode, ({ db, actor }) => remindNotOpened(db, actor, batchId));
  if ("error" in result) return result;
  const page = `/dashboard/${encodeURIComponent(teamId)}/campaigns/${encodeURIComponent(batchId)}`;
  revalidatePath(`/dashboard/${encodeURIComponent(teamId)}`, "layout");
  const { reminded, skipped, remaining } = result.done;
  redirect(
    `${page}?${mode === "sandbox" ? "mode=sandbox&" : ""}reminded=${reminded}&skipped=${skipped}&remaining=${remaining}`,
  );
}
