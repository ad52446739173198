"use server";

import { revalidatePath } from "next/cache";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { createDeveloperTokens, revokeDeveloperTokens } from "@/lib/tokens";
import { revokeAuthorizedApp } from "@/lib/oauth";

export type TokenState = { live: string; sandbox: string } | { error: string } | null;

/** Turns developer access on, or rolls it: new live and sandbox tokens, shown once. */
export async function rollTokens(): Promise<TokenState> {
  const session = await auth();
  if (!session?.user?.id) return { error: "Your session has ended: sign in again." };
  const db = await getDb();
  const tokens = await db.$transaction((tx) => createDeveloperTokens(tx, session.user!.id!));
  revalidatePath("/account");
  return tokens;
}

/** Turns developer access off: revokes both tokens. */
export async function revokeTokens(): Promise<void> {
  const session = await auth();
  if (!session?.user?.id) return;
  await revokeDeveloperTokens(await getDb(), session.user.id);
  revalidatePath("/account");
}

/** Revokes the access the user gave an OAuth application (only the user's own tokens). */
export async function revokeApp(formData: FormData): Promise<void> {
  const session = await auth();
  const clientId = Number(formData.get("client"));
  if (!session?.user?.id || !Number.isSafeInteger(clientId)) return;
  await revokeAuthorizedApp(await getDb(), session.user.id, clientId);
  revalidatePath("/account");
}
