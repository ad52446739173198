"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { asSignedIn } from "@/lib/site/form-action";
import { SKIP_NAME_COOKIE } from "@/lib/users/display-name";
import { setUserName } from "@/lib/users/set-name";
import type { ActionState } from "@/components/teams/action-state";

/** "What should we call you?" and the account page's name: saves the signed-in person's name. */
export async function saveNameAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const outcome = await asSignedIn(({ db, actor }) => setUserName(db, actor.user.id, form.get("name")));
  if ("error" in outcome) return outcome;
  revalidatePath("/", "layout");
  return { ok: `Thanks, ${outcome.done}. People you send gifts to and invite will see this name.` };
}

/** "Skip": no name for now; this browser stops asking (the account page still offers it). */
export async function skipNameAction(): Promise<void> {
  (await cookies()).set(SKIP_NAME_COOKIE, "1", {
    maxAge: 365 * 24 * 60 * 60,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.appUrl.startsWith("https:"),
  });
  revalidatePath("/", "layout");
}
