"use server";

import { signOut } from "@/lib/auth";

/** The header's "Sign out": ends the session (its row is deleted) and goes home. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
