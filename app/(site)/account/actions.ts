"use server";

import { revalidatePath } from "next/cache";
import { siteContext } from "@/lib/site/context";
import { revokeAuthorizedApp } from "@/lib/oauth";

/** Revokes the access the user gave an OAuth application (only the user's own tokens). */
export async function revokeApp(formData: FormData): Promise<void> {
  const { db, actor } = await siteContext();
  const clientId = Number(formData.get("client"));
  if (!actor || !Number.isSafeInteger(clientId)) return;
  await revokeAuthorizedApp(db, actor.user.id, clientId);
  revalidatePath("/account");
}
