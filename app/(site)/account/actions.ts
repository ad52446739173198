"use server";

import { revalidatePath } from "next/cache";
import type { ActionState } from "@/components/teams/action-state";
import { siteContext } from "@/lib/site/context";
import { asSignedIn, formField } from "@/lib/site/form-action";
import { lowerGrantCaps, revokeAuthorizedApp } from "@/lib/oauth";
import { setEmailPreferences } from "@/lib/users/preferences";

/** Revokes the access the user gave an OAuth application (only the user's own tokens). */
export async function revokeApp(formData: FormData): Promise<void> {
  const { db, actor } = await siteContext();
  const clientId = Number(formData.get("client"));
  if (!actor || !Number.isSafeInteger(clientId)) return;
  await revokeAuthorizedApp(db, actor.user.id, clientId);
  revalidatePath("/account");
}

/** "Lower caps" of one grant under "Connected applications": never raises them (lib/oauth/authorized-apps.ts). */
export async function lowerAppCapsAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const outcome = await asSignedIn(({ db, actor }) =>
    lowerGrantCaps(db, actor.user.id, Number(formField(form, "grant")), {
      perGift: formField(form, "max_per_gift").trim(),
      daily: formField(form, "max_per_day").trim(),
      monthly: formField(form, "max_per_month").trim(),
    }),
  );
  if ("error" in outcome) return { error: `The caps were not saved: ${outcome.error}.` };
  if (outcome.done === null) return { error: "This grant has ended (revoked, or not yours): reload the page." };
  revalidatePath("/account");
  return { ok: "Saved. Requests over the new caps are refused from now on." };
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
