"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import { HttpError, ValidationError } from "@/lib/errors";
import { modeOf } from "@/lib/dashboard";
import { sendQueuedEmailNow } from "@/lib/delivery";
import {
  approveGift,
  cancelGift,
  parseRejection,
  readGiftChanges,
  rejectGift,
  resendGift,
  updateGift,
} from "@/lib/gifts";
import { teamContext } from "@/lib/site/context";

/** What teamContext gives a signed-in person on a team: the database and the actor (lib/site/context.ts). */
type Context = NonNullable<Awaited<ReturnType<typeof teamContext>>>;

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * An action on the dashboard's gift page. A public endpoint like every server action: the
 * person comes from the session and the domain function checks their role on the team (a
 * viewer's or another member's post is refused whatever the page showed). Then back to the
 * gift's page, saying what happened (`done`).
 */
async function actOnGift(
  form: FormData,
  done: string,
  act: (context: Context, giftId: string) => Promise<{ id: string }>,
): Promise<ActionState> {
  const teamId = field(form, "team");
  const mode = modeOf(field(form, "mode"));
  let giftId: string;
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return { error: "Your session has ended: sign in again." };
    giftId = (await act(context, field(form, "gift"))).id;
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems[0].detail };
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
  const team = `/dashboard/${encodeURIComponent(teamId)}`;
  revalidatePath(team, "layout");
  redirect(`${team}/gifts/${encodeURIComponent(giftId)}?${mode === "sandbox" ? "mode=sandbox&" : ""}${done}=1`);
}

/** "Cancel this gift" (the page then says what the cancel refunded). */
export async function cancelGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return actOnGift(form, "cancelled", ({ db, actor }, id) => cancelGift(db, actor, id));
}

/** "Approve" a gift waiting for an owner's approval: charged and scheduled. */
export async function approveGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return actOnGift(form, "approved", ({ db, actor }, id) => approveGift(db, actor, id));
}

/** "Reject" it, with an optional reason. */
export async function rejectGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return actOnGift(form, "rejected", ({ db, actor }, id) =>
    rejectGift(db, actor, id, parseRejection({ reason: field(form, "reason") })),
  );
}

/**
 * The gift page's change forms: the person from the session, the same domain functions as the
 * API (which check the role and the stage), the answer shown beside the form, the page redrawn.
 */
async function changeGift(form: FormData, change: (context: Context, giftId: string) => Promise<string>) {
  const teamId = field(form, "team");
  const mode = modeOf(field(form, "mode"));
  const giftId = field(form, "gift");
  let ok: string;
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return { error: "Your session has ended: sign in again." };
    ok = await change(context, giftId);
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems.map((p) => p.detail).join(". ") };
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
  revalidatePath(`/dashboard/${encodeURIComponent(teamId)}`, "layout");
  return { ok };
}

/** "Resend email": the gift email again, sent right away. */
export async function resendGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return changeGift(form, async ({ db, actor }, giftId) => {
    const { gift, emailId } = await resendGift(db, actor, giftId);
    await sendQueuedEmailNow(db, emailId);
    return `The gift email was sent again to ${gift.email}.`;
  });
}

/** "Extend expiry": a later date; an expired gift comes back. */
export async function extendExpiryAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return changeGift(form, async ({ db, actor }, giftId) => {
    const changes = readGiftChanges({ gift: { expires_on: field(form, "expires_on") } });
    const { gift } = await updateGift(db, actor, giftId, { changes });
    return `The gift now expires on ${gift.expiresOn?.toISOString().slice(0, 10)}.`;
  });
}

/** "Save changes" to the message and from line of a scheduled gift. */
export async function editGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return changeGift(form, async ({ db, actor }, giftId) => {
    const changes = readGiftChanges({ gift: { message: field(form, "message"), from: field(form, "from") } });
    await updateGift(db, actor, giftId, { changes });
    return "Saved: the email will show the new message.";
  });
}
