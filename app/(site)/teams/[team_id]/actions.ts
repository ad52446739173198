"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { describeCard, setTeamCard, updateBudget } from "@/lib/billing";
import { updateReminderSettings } from "@/lib/reminders";
import { updateSwapCollections } from "@/lib/catalogue/swap";
import type { FieldProblem } from "@/lib/errors";
import type { SiteContext } from "@/lib/site/context";
import { asSignedIn, formField, onTeamForm, type TeamFormContext } from "@/lib/site/form-action";
import { changeRole, inviteMember, leaveTeam, removeMember, revokeInvitation } from "@/lib/teams";
import type { ActionState } from "@/components/teams/action-state";

// Every action here is a public endpoint: it trusts nothing from the form but ids, and the
// lib/teams function it calls checks the signed-in user's role in the team.

/** Runs one team change as the signed-in user (lib/site/form-action.ts), the team page redrawn after. */
async function asMember(
  form: FormData,
  change: (db: SiteContext["db"], userId: string, teamId: string) => Promise<string>,
): Promise<ActionState> {
  const teamId = formField(form, "team");
  const outcome = await asSignedIn(({ db, actor }) => change(db, actor.user.id, teamId));
  if ("error" in outcome) return outcome;
  revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
  return { ok: outcome.done };
}

/** Runs one owner's setting on the team (teamContext, live), the team page redrawn after. */
async function asOwnerSetting(
  form: FormData,
  change: (context: TeamFormContext) => Promise<string>,
  words?: (problems: FieldProblem[]) => string,
): Promise<ActionState> {
  const teamId = formField(form, "team");
  const outcome = await onTeamForm(teamId, "live", change, words);
  if ("error" in outcome) return outcome;
  revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
  return { ok: outcome.done };
}

export async function inviteAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    const { invitation, emailed } = await inviteMember(db, {
      actorId,
      teamId,
      email: formField(form, "email"),
      role: formField(form, "role"),
    });
    return emailed
      ? `Invitation sent to ${invitation.email}.`
      : `An invitation to ${invitation.email} was sent less than a minute ago.`;
  });
}

export async function revokeInvitationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    await revokeInvitation(db, { actorId, teamId, invitationId: Number(formField(form, "invitation")) });
    return "Invitation withdrawn.";
  });
}

export async function changeRoleAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    const role = formField(form, "role");
    await changeRole(db, { actorId, teamId, userId: formField(form, "user"), role });
    return `Role changed to ${role}.`;
  });
}

export async function removeMemberAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    await removeMember(db, { actorId, teamId, userId: formField(form, "user") });
    return "Removed from the team.";
  });
}

export async function setCardAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  return asMember(form, async (db, actorId, teamId) => {
    const card = await setTeamCard(db, {
      actorId,
      teamId,
      number: formField(form, "number"),
      expiry: formField(form, "expiry"),
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
  const limit = (name: string) => formField(form, name).trim().replace(/^\$/, "") || null;
  return asOwnerSetting(
    form,
    async ({ db, actor }) => {
      await updateBudget(db, actor, {
        budget: {
          monthly_limit: limit("monthly_limit"),
          per_gift_limit: limit("per_gift_limit"),
          approval_above_price: limit("approval_above_price"),
          approval_above_batch_size: limit("approval_above_batch_size"),
        },
      });
      return "Limits saved.";
    },
    ([problem]) => `${LIMIT_LABELS[problem.pointer ?? ""] ?? "A limit"} ${problem.detail}.`,
  );
}

/** The reminders form: the ticked reminders and the other times (durations apart by spaces); none: no reminders. */
export async function setRemindersAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const ticked = form.getAll("cadence").filter((v): v is string => typeof v === "string");
  const cadence = [...ticked, ...formField(form, "cadence_other").trim().split(/\s+/)].filter(Boolean);
  return asOwnerSetting(form, async ({ db, actor }) => {
    await updateReminderSettings(db, actor, { reminders: { cadence } });
    return "Reminders saved: new gifts get this cadence.";
  });
}

/** The swaps form: the ticked collections become the team's swap collections (none: no swaps). */
export async function setSwapAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const ids = form.getAll("collection").map(String);
  return asOwnerSetting(form, async ({ db, actor }) => {
    await updateSwapCollections(db, actor, { swap_collections: { collection_ids: ids } });
    return "Swaps saved.";
  });
}
