"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import type { PrismaClient } from "@/lib/db";
import { HttpError, ValidationError } from "@/lib/errors";
import type { TeamActor } from "@/lib/actor";
import { modeOf } from "@/lib/dashboard";
import { approveGift, cancelGift, parseRejection, rejectGift } from "@/lib/gifts";
import { teamContext } from "@/lib/site/context";

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
  act: (db: PrismaClient, actor: TeamActor, giftId: string) => Promise<{ id: string }>,
): Promise<ActionState> {
  const teamId = field(form, "team");
  const mode = modeOf(field(form, "mode"));
  let giftId: string;
  try {
    const context = await teamContext(teamId, mode);
    if (!context) return { error: "Your session has ended: sign in again." };
    giftId = (await act(context.db, context.actor, field(form, "gift"))).id;
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
  return actOnGift(form, "cancelled", (db, actor, id) => cancelGift(db, actor, id));
}

/** "Approve" a gift waiting for an owner's approval: charged and scheduled. */
export async function approveGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return actOnGift(form, "approved", (db, actor, id) => approveGift(db, actor, id));
}

/** "Reject" it, with an optional reason. */
export async function rejectGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return actOnGift(form, "rejected", (db, actor, id) =>
    rejectGift(db, actor, id, parseRejection({ reason: field(form, "reason") })),
  );
}
