"use server";

import { revalidatePath } from "next/cache";
import { siteContext } from "@/lib/site/context";
import {
  createDeveloperTokens,
  enableDeveloperTokens,
  revokeDeveloperTokens,
  revokeExpiringTokens,
  ROLL_GRACE_MS,
  setLiveTokenCaps,
} from "@/lib/tokens";
import { ValidationError } from "@/lib/errors";
import { syncDemoCredentials } from "@/lib/demo/demo-credentials-file";
import { SESSION_ENDED } from "@/lib/site/form-action";
import type { DeveloperAccessState } from "@/components/account/DeveloperTokenControls";
import type { TokenCapsState } from "@/components/account/TokenCaps";

/**
 * Turns the signed-in user's developer access on, rolls their tokens or revokes them, as the
 * form's `confirm` button says: rolling and revoking are submitted only from the confirmation
 * dialog. New tokens are returned this once; demo-credentials.json follows along.
 */
export async function changeDeveloperAccess(
  _previous: DeveloperAccessState,
  formData: FormData,
): Promise<DeveloperAccessState> {
  const { db, actor } = await siteContext();
  if (!actor) return { error: SESSION_ENDED };
  const { user } = actor;
  const intent = formData.get("confirm");
  let state: DeveloperAccessState;
  if (intent === "enable") {
    const issued = await db.$transaction((tx) => enableDeveloperTokens(tx, user.id));
    if (!issued) return { error: "Developer access is already on (in another tab?): roll the tokens to get new ones." };
    state = { issued, rolled: false, oldTokensUntil: null, demoFile: await syncDemoCredentials(user.email, issued) };
  } else if (intent === "roll") {
    const keepOld = formData.get("old_tokens") === "24h";
    const now = new Date();
    const issued = await db.$transaction((tx) => createDeveloperTokens(tx, user.id, { keepOld, now }));
    const oldTokensUntil = keepOld ? new Date(now.getTime() + ROLL_GRACE_MS).toISOString() : null;
    state = { issued, rolled: true, oldTokensUntil, demoFile: await syncDemoCredentials(user.email, issued) };
  } else if (intent === "revoke") {
    await revokeDeveloperTokens(db, user.id);
    state = { revoked: true, demoFile: await syncDemoCredentials(user.email, null) };
  } else {
    return { error: "Nothing changed: confirm in the dialog." };
  }
  revalidatePath("/account");
  return state;
}

/** Stops the previous tokens a roll kept for 24 hours, now (confirmed in its dialog). */
export async function revokeOldTokens(formData: FormData): Promise<void> {
  const { db, actor } = await siteContext();
  if (!actor || formData.get("confirm") !== "revoke-old") return;
  await revokeExpiringTokens(db, actor.user.id);
  revalidatePath("/account");
}

/** The live token's spending caps, from the token page's form (checked by lib/tokens). */
export async function saveTokenCaps(_previous: TokenCapsState, formData: FormData): Promise<TokenCapsState> {
  const { db, actor } = await siteContext();
  if (!actor) return { error: SESSION_ENDED, fields: {} };
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.trim() : null;
  };
  try {
    const saved = await setLiveTokenCaps(db, actor.user.id, {
      perGift: text("cap_per_gift"),
      daily: text("cap_daily"),
      monthly: text("cap_monthly"),
      collections: formData.get("limit_collections") === "on" ? formData.getAll("cap_collections").map(String) : null,
    });
    if (!saved) return { error: "You have no live token: turn developer access on first.", fields: {} };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields = Object.fromEntries(error.problems.map((p) => [p.pointer ?? "", p.detail]));
    return { error: "The caps were not saved: fix the fields marked below.", fields };
  }
  revalidatePath("/account");
  return { ok: "Saved. Requests over these caps are refused from now on." };
}
