"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { ValidationError } from "@/lib/errors";
import { siteContext } from "@/lib/site/context";
import { SKIP_NAME_COOKIE } from "@/lib/users/display-name";
import { setUserName } from "@/lib/users/set-name";
import type { ActionState } from "@/components/teams/action-state";

/** "What should we call you?" and the account page's name: saves the signed-in person's name. */
export async function saveNameAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const { db, actor } = await siteContext();
  if (!actor) return { error: "Your session has ended: sign in again." };
  try {
    const name = await setUserName(db, actor.user.id, form.get("name"));
    revalidatePath("/", "layout");
    return { ok: `Thanks, ${name}. People you send gifts to and invite will see this name.` };
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems[0].detail };
    throw error;
  }
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
