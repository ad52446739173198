"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/components/teams/action-state";
import { siteContext } from "@/lib/site/context";
import { asSignedIn } from "@/lib/site/form-action";
import { revokeAuthorizedApp } from "@/lib/oauth";
import { setEmailPreferences } from "@/lib/users/preferences";

/** Revokes the access the user gave an OAuth application (only the user's own tokens). */
export async function revokeApp(formData: FormData): Promise<void> {
  const { db, actor } = await siteContext();
  const clientId = Number(formData.get("client"));
  if (!actor || !Number.isSafeInteger(clientId)) return;
  await revokeAuthorizedApp(db, actor.user.id, clientId);
  revalidatePath("/account");
}

/** "Emails to you": the signed-in person's own preferences (a box left unticked posts nothing: off). */
export async function saveEmailPreferencesAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const giftOutcome = form.get("gift_outcome") === "on";
  const outcome = await asSignedIn(({ db, actor }) => setEmailPreferences(db, actor.user.id, { giftOutcome }));
  if ("error" in outcome) return outcome;
  revalidatePath("/account");
  return {
    ok: giftOutcome
      ? "Saved: you will be emailed when a recipient declines a gift you sent or donates its value."
      : "Saved: no email when a recipient declines or donates; your dashboard and webhooks still show it.",
  };
}
