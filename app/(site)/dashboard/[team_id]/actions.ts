"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/components/teams/action-state";
import type { BulkState } from "@/components/dashboard/bulk-state";
import { actOnGiftsOnce, deleteView, modeOf, saveView } from "@/lib/dashboard";
import type { BulkAction } from "@/lib/gifts";
import { displayMoney } from "@/lib/money";
import { conflict, notFound } from "@/lib/errors";
import { sendQueuedEmailNow } from "@/lib/outbox";
import {
  approveBatch,
  approveGift,
  cancelGift,
  parseRejection,
  readGiftChanges,
  rejectBatch,
  rejectGift,
  resendGift,
  type BatchDecision,
  updateGift,
} from "@/lib/gifts";
import { formField, onTeamForm, refusalOf, type TeamFormContext } from "@/lib/site/form-action";

/**
 * Runs a dashboard action as the signed-in person on the form's team (live or their sandbox):
 * the domain function checks their role (a viewer's or another member's post is refused
 * whatever the page showed); a refusal is the form's error.
 */
const onFormTeam = <T>(form: FormData, work: (context: TeamFormContext) => Promise<T>) =>
  onTeamForm(formField(form, "team"), modeOf(formField(form, "mode")), work);

/** The dashboard of the form's team, redrawn (its gifts changed). */
function redrawnTeam(form: FormData): string {
  const team = `/dashboard/${encodeURIComponent(formField(form, "team"))}`;
  revalidatePath(team, "layout");
  return team;
}

/** An action on the dashboard's gift page; then back to the gift's page, saying what happened (`done`). */
async function actOnGift(
  form: FormData,
  done: string,
  act: (context: TeamFormContext, giftId: string) => Promise<{ id: string }>,
): Promise<ActionState> {
  const result = await onFormTeam(form, (context) => act(context, formField(form, "gift")));
  if ("error" in result) return result;
  const sandbox = modeOf(formField(form, "mode")) === "sandbox";
  redirect(
    `${redrawnTeam(form)}/gifts/${encodeURIComponent(result.done.id)}?${sandbox ? "mode=sandbox&" : ""}${done}=1`,
  );
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
    rejectGift(db, actor, id, parseRejection({ reason: formField(form, "reason") })),
  );
}

/** The gift page's change forms: the answer shown beside the form, the page redrawn. */
async function changeGift(form: FormData, change: (context: TeamFormContext, giftId: string) => Promise<string>) {
  const result = await onFormTeam(form, (context) => change(context, formField(form, "gift")));
  if ("error" in result) return result;
  redrawnTeam(form);
  return { ok: result.done };
}

/** A decision on every waiting gift of the form's batch; then back to the batch's view, saying how many (`done`). */
async function decideBatch(
  form: FormData,
  done: "approved" | "rejected",
  decide: (context: TeamFormContext, batchId: string) => Promise<BatchDecision>,
): Promise<ActionState> {
  const batchId = formField(form, "batch");
  const result = await onFormTeam(form, (context) => decide(context, batchId));
  if ("error" in result) return result;
  redirect(`${redrawnTeam(form)}?batch=${encodeURIComponent(batchId)}&${done}=${result.done.moved}`);
}

/** "Approve all" on a batch's view: every gift of it still waiting, in one charge. */
export async function approveBatchAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return decideBatch(form, "approved", ({ db, actor }, batchId) => approveBatch(db, actor, batchId));
}

/** "Reject all" on a batch's view, with an optional reason. */
export async function rejectBatchAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return decideBatch(form, "rejected", ({ db, actor }, batchId) =>
    rejectBatch(db, actor, batchId, parseRejection({ reason: formField(form, "reason") })),
  );
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
    const changes = readGiftChanges({ gift: { expires_on: formField(form, "expires_on") } });
    const { gift } = await updateGift(db, actor, giftId, { changes });
    return `The gift now expires on ${gift.expiresOn?.toISOString().slice(0, 10)}.`;
  });
}

/** "Save changes" to the message and from line of a scheduled gift. */
export async function editGiftAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return changeGift(form, async ({ db, actor }, giftId) => {
    const changes = readGiftChanges({ gift: { message: formField(form, "message"), from: formField(form, "from") } });
    await updateGift(db, actor, giftId, { changes });
    return "Saved: the email will show the new message.";
  });
}

/**
 * "Correct the address": PATCH `email`'s domain function (updateGift). A bounced gift goes back to
 * `sent` and its email goes out again to the new address, right away (as a sent gift's does); a
 * scheduled gift keeps its send time. A suppressed address is refused with the API's words.
 */
export async function correctEmailAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return changeGift(form, async ({ db, actor }, giftId) => {
    const changes = readGiftChanges({ gift: { email: formField(form, "email") } });
    const { gift, emailId } = await updateGift(db, actor, giftId, { changes });
    // The same address again is no correction (updateGift changes nothing): a bounced gift stays failed.
    if (gift.stage === "failed")
      throw conflict(`${gift.email} is the address that bounced: enter the corrected address.`);
    if (emailId === null) return `The gift now goes to ${gift.email}.`;
    await sendQueuedEmailNow(db, emailId);
    return `The gift email was sent to ${gift.email}, with a new untie link.`;
  });
}

/** The action a selection form names ("cancel", "resend", or "extend" with its date). */
function bulkActionOf(form: FormData): BulkAction | string {
  const kind = formField(form, "action");
  if (kind === "cancel" || kind === "resend") return { kind };
  if (kind !== "extend") return "Pick an action: cancel, resend or extend.";
  try {
    const { expiresOn } = readGiftChanges({ gift: { expires_on: formField(form, "expires_on") } });
    return expiresOn ? { kind, expiresOn } : "Pick the new expiry date.";
  } catch (error) {
    return refusalOf(error);
  }
}

const BULK_DONE = { cancel: "cancelled", resend: "resent", extend: "extended" } as const;

const giftCount = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "gift" : "gifts"}`;

/**
 * "Cancel N gifts", "Resend N", "Extend N" on the selection's confirmation: each gift on its own,
 * once per form (lib/dashboard/bulk.ts). When every gift was done, back to the board saying so;
 * when any refused, the form says what was done and lists each gift that refused, with why.
 */
export async function bulkGiftsAction(_previous: BulkState, form: FormData): Promise<BulkState> {
  const ids = form.getAll("gift").filter((id): id is string => typeof id === "string");
  const action = bulkActionOf(form);
  if (typeof action === "string") return { error: action };
  const result = await onFormTeam(form, (context) =>
    actOnGiftsOnce(context.db, context.actor, { formKey: formField(form, "form_key"), ids, action }),
  );
  if ("error" in result) return { error: result.error };
  const { done, refusals, refundedCents, currency } = result.done;
  const verb = BULK_DONE[action.kind];
  const team = redrawnTeam(form);
  if (refusals.length === 0) {
    const sandbox = modeOf(formField(form, "mode")) === "sandbox";
    redirect(`${team}?${sandbox ? "mode=sandbox&" : ""}bulk=${verb}&count=${done.length}&refunded=${refundedCents}`);
  }
  const refunded = refundedCents > 0 ? `: ${displayMoney(refundedCents, currency)} refunded to the team's card` : "";
  return {
    done: done.length > 0 ? `${giftCount(done.length)} ${verb}${refunded}.` : undefined,
    error:
      done.length === 0
        ? `Nothing was done: none of the ${giftCount(refusals.length)} could be ${verb}.`
        : `${giftCount(refusals.length)} could not be ${verb}:`,
    refusals,
  };
}

/** What a saved-view form did, as a code the board names in words (never the words themselves: the URL is forgeable). */
export type ViewOutcome = "saved" | "deleted" | "refused";

/** Back to the board's view (its query, kept by the form) saying what the saved-view form did. */
function backToView(form: FormData, outcome: ViewOutcome, reason?: string): never {
  const search = new URLSearchParams(formField(form, "query").slice(0, 2000));
  search.delete("view");
  search.delete("view_reason");
  search.set("view", outcome);
  if (reason) search.set("view_reason", reason);
  redirect(`${redrawnTeam(form)}?${search.toString()}`);
}

/** Why a saved-view form was refused, as a code: the domain's status says which. */
const reasonOf = (error: string) =>
  /already has a view named/.test(error)
    ? "taken"
    : /at most/.test(error) && /saved views/.test(error)
      ? "full"
      : /Viewers/.test(error)
        ? "viewer"
        : /name is 1 to/.test(error)
          ? "name"
          : "other";

/**
 * "Save this view": the board's filters and sort under a name, for the whole team. A plain
 * server-action form (no client component: the board stays whole without JavaScript), then back
 * to the same view saying what happened.
 */
export async function saveViewAction(form: FormData): Promise<void> {
  const params = Object.fromEntries(new URLSearchParams(formField(form, "query").slice(0, 2000)));
  const result = await onFormTeam(form, ({ db, actor }) =>
    saveView(db, actor, { name: formField(form, "name"), params }),
  );
  if ("error" in result) backToView(form, "refused", reasonOf(result.error));
  backToView(form, "saved");
}

/** "Delete" a saved view. */
export async function deleteViewAction(form: FormData): Promise<void> {
  const id = Number(formField(form, "view"));
  const result = await onFormTeam(form, ({ db, actor }) =>
    Number.isSafeInteger(id) && id > 0 ? deleteView(db, actor, id) : Promise.reject(notFound("No such saved view.")),
  );
  if ("error" in result) backToView(form, "refused", "other");
  backToView(form, "deleted");
}
