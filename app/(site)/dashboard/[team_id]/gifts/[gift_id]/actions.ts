"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import { HttpError } from "@/lib/errors";
import { modeOf } from "@/lib/dashboard";
import { cancelGift } from "@/lib/gifts";
import { teamContext } from "@/lib/site/context";

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * "Cancel this gift" on the dashboard's gift page. A public endpoint like every server action:
 * the person comes from the session and cancelGift checks their role on the team (a viewer's
 * or another member's post is refused whatever the page showed).
 */
export async function cancelGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const teamId = field(form, "team");
  const mode = modeOf(field(form, "mode"));
  let giftId: string;
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return { error: "Your session has ended: sign in again." };
    giftId = (await cancelGift(context.db, context.actor, field(form, "gift"))).id;
  } catch (error) {
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
  const team = `/dashboard/${encodeURIComponent(teamId)}`;
  revalidatePath(team, "layout");
  // The page says what the cancel refunded (the form is gone once the gift is cancelled).
  redirect(`${team}/gifts/${encodeURIComponent(giftId)}?${mode === "sandbox" ? "mode=sandbox&" : ""}cancelled=1`);
}
