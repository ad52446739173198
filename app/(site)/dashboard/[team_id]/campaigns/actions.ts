"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import { modeOf, queueCampaignReminders } from "@/lib/dashboard";
import { formField, onTeamForm } from "@/lib/site/form-action";

/**
 * "Remind those who haven't opened" on a campaign's page: queues the campaign's reminder
 * (queueCampaignReminders, once per form key; the `send-campaign-reminders` job resends the gifts
 * in the background), as the signed-in person on the form's team; then back to the campaign,
 * saying how many are being sent. A forged post (another team, a viewer, a batch of another team)
 * is refused by the same checks.
 */
export async function remindNotOpenedAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const teamId = formField(form, "team");
  const batchId = formField(form, "batch");
  const mode = modeOf(formField(form, "mode"));
  const formKey = formField(form, "form_key");
  const result = await onTeamForm(teamId, mode, ({ db, actor }) =>
    queueCampaignReminders(db, actor, { batchId, formKey }),
  );
  if ("error" in result) return result;
  const page = `/dashboard/${encodeURIComponent(teamId)}/campaigns/${encodeURIComponent(batchId)}`;
  revalidatePath(`/dashboard/${encodeURIComponent(teamId)}`, "layout");
  const { queued, joined } = result.done;
  redirect(`${page}?${mode === "sandbox" ? "mode=sandbox&" : ""}queued=${queued}${joined ? "&joined=1" : ""}`);
}
