"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { updateBudget } from "@/lib/billing";
import { updateReminderSettings } from "@/lib/reminders";
import { updateSwapCollections } from "@/lib/catalogue/swap";
import { HttpError, ValidationError } from "@/lib/errors";
import { siteContext, teamContext, type SiteContext } from "@/lib/site/context";
import {
  changeRole,
  describeCard,
  inviteMember,
  leaveTeam,
  removeMember,
  revokeInvitation,
  setTeamCard,
} from "@/lib/teams";
import type { ActionState } from "@/components/teams/action-state";

// Every action here is a public endpoint: it trusts nothing from the form but ids, and the
// lib/teams function it calls checks the signed-in user's role in the team.

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Runs one team change as the signed-in user; refusals become the form's message. */
async function asMember(
  form: FormData,
  change: (db: SiteContext["db"], userId: string, teamId: string) => Promise<string>,
): Promise<ActionState> {
  const { db, actor } = await siteContext();
  if (!actor) return { error: "Your session has ended: sign in again." };
  const teamId = field(form, "team");
  try {
    const ok = await change(db, actor.user.id, teamId);
    revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
    return { ok };
  } catch (error) {
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
}

export async function inviteAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    const { invitation, emailed } = await inviteMember(db, {
      actorId,
      teamId,
      email: field(form, "email"),
      role: field(form, "role"),
    });
    return emailed
      ? `Invitation sent to ${invitation.email}.`
      : `An invitation to ${invitation.email} was sent less than a minute ago.`;
  });
}

export async function revokeInvitationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    await revokeInvitation(db, { actorId, teamId, invitationId: Number(field(form, "invitation")) });
    return "Invitation withdrawn.";
  });
}

export async function changeRoleAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    const role = field(form, "role");
    await changeRole(db, { actorId, teamId, userId: field(form, "user"), role });
    return `Role changed to ${role}.`;
  });
}

export async function removeMemberAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    await removeMember(db, { actorId, teamId, userId: field(form, "user") });
    return "Removed from the team.";
  });
}

export async function setCardAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    const card = await setTeamCard(db, {
      actorId,
      teamId,
      number: field(form, "number"),
      expiry: field(form, "expiry"),
    });
    return `Card saved: ${describeCard(card)}.`;
  });
}

export async function leaveTeamAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const state = await asMember(form, async (db, userId, teamId) => {
    await leaveTeam(db, { userId, teamId });
    return "left";
  });
  if (state?.ok) redirect("/account");
  return state;
}

const LIMIT_LABELS: Record<string, string> = {
  "/budget/monthly_limit": "The monthly budget",
  "/budget/per_gift_limit": "The most per gift",
  "/budget/approval_above_price": "The approval price",
  "/budget/approval_above_batch_size": "The approval batch size",
};

/** The budget form: empty fields mean no limit; updateBudget checks the owner role and the amounts. */
export async function setBudgetAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const limit = (name: string) => field(form, name).trim().replace(/^\$/, "") || null;
  try {
    const context = await teamContext(field(form, "team"), "live");
    if (!context) return { error: "Your session has ended: sign in again." };
    await updateBudget(context.db, context.actor, {
      budget: {
        monthly_limit: limit("monthly_limit"),
        per_gift_limit: limit("per_gift_limit"),
        approval_above_price: limit("approval_above_price"),
        approval_above_batch_size: limit("approval_above_batch_size"),
      },
    });
    revalidatePath(`/teams/${encodeURIComponent(field(form, "team"))}`);
    return { ok: "Limits saved." };
  } catch (error) {
    if (error instanceof ValidationError) {
      const problem = error.problems[0];
      return { error: `${LIMIT_LABELS[problem.pointer ?? ""] ?? "A limit"} ${problem.detail}.` };
    }
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
}

/** The reminders form: the team's default cadence, durations apart by spaces (empty: none). */
export async function setRemindersAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const cadence = field(form, "cadence").trim().split(/\s+/).filter(Boolean);
  try {
    const context = await teamContext(field(form, "team"), "live");
    if (!context) return { error: "Your session has ended: sign in again." };
    await updateReminderSettings(context.db, context.actor, { reminders: { cadence } });
    revalidatePath(`/teams/${encodeURIComponent(field(form, "team"))}`);
    return { ok: "Reminders saved: new gifts get this cadence." };
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems.map((p) => p.detail).join(". ") };
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
}

/** The swaps form: the ticked collections become the team's swap collections (none: no swaps). */
export async function setSwapAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const ids = form.getAll("collection").map(String);
  try {
    const context = await teamContext(field(form, "team"), "live");
    if (!context) return { error: "Your session has ended: sign in again." };
    await updateSwapCollections(context.db, context.actor, { swap_collections: { collection_ids: ids } });
    revalidatePath(`/teams/${encodeURIComponent(field(form, "team"))}`);
    return { ok: "Swaps saved." };
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems.map((p) => p.detail).join(". ") };
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
}
