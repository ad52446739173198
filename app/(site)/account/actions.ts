"use server";

import { revalidatePath } from "next/cache";
import { auth } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { revokeAuthorizedApp } from "@/lib/oauth";

/** Revokes the access the user gave an OAuth application (only the user's own tokens). */
export async function revokeApp(formData: FormData): Promise<void> {
  const session = await auth();
  const clientId = Number(formData.get("client"));
  if (!session?.user?.id || !Number.isSafeInteger(clientId)) return;
  await revokeAuthorizedApp(await getDb(), session.user.id, clientId);
  revalidatePath("/account");
}
