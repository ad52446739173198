"use server";

import { revalidatePath } from "next/cache";
import { signedInPerson } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { revokeAuthorizedApp } from "@/lib/oauth";

/** Revokes the access the user gave an OAuth application (only the user's own tokens). */
export async function revokeApp(formData: FormData): Promise<void> {
  const person = await signedInPerson();
  const clientId = Number(formData.get("client"));
  if (!person || !Number.isSafeInteger(clientId)) return;
  await revokeAuthorizedApp(await getDb(), person.id, clientId);
  revalidatePath("/account");
}
