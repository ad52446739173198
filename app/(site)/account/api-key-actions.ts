"use server";

import { revalidatePath } from "next/cache";
import { asSignedIn, formField } from "@/lib/site/form-action";
import { createNamedKey, parseNamedKey, revokeNamedKey } from "@/lib/tokens";
import type { ApiKeyState } from "@/components/account/ApiKeys";
import type { ActionState } from "@/components/teams/action-state";

/** "Create key" on the account page: the key's secret is answered this once. */
export async function createApiKeyAction(_previous: ApiKeyState, formData: FormData): Promise<ApiKeyState> {
  const outcome = await asSignedIn(({ db, actor }) =>
    createNamedKey(
      db,
      actor.user.id,
      parseNamedKey({
        name: formField(formData, "name"),
        mode: formField(formData, "mode"),
        access: formField(formData, "access"),
        team: formField(formData, "team"),
      }),
    ),
  );
  if ("error" in outcome) return outcome;
  revalidatePath("/account");
  return { created: { name: outcome.done.key.name, secret: outcome.done.secret } };
}

/** A key's "Revoke": only one of the signed-in person's own keys. */
export async function revokeApiKeyAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const id = Number(formField(formData, "id"));
  const outcome = await asSignedIn(({ db, actor }) =>
    Number.isSafeInteger(id) ? revokeNamedKey(db, actor.user.id, id) : Promise.resolve(false),
  );
  if ("error" in outcome) return outcome;
  if (!outcome.done) return { error: "That key is not one of yours, or is revoked already." };
  revalidatePath("/account");
  return { ok: "Revoked." };
}
