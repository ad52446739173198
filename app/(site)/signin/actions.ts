"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { DEFAULT_AFTER_SIGN_IN, sendSignInLink, signInPagePath } from "@/lib/auth";
import { sameOriginPath, sameOriginUrl } from "@/lib/urls";

/**
 * The sign-in form: a link to the email, leading back to the page the person started from.
 * That page comes in the form's `callbackUrl` field and is checked here as the page checked its
 * query (same origin, else the default): a field is the client's words, and a module-level
 * action spares every render of the page the encryption of a closure's values.
 */
export async function sendSignInLinkAction(formData: FormData): Promise<void> {
  const callbackUrl = String(formData.get("callbackUrl") ?? "");
  const next = sameOriginUrl(callbackUrl, DEFAULT_AFTER_SIGN_IN);
  const nextPath = sameOriginPath(callbackUrl, DEFAULT_AFTER_SIGN_IN);
  // The limits need the client's address, which the request headers carry (lib/ratelimit).
  const request = new Request(next, { headers: await headers() });
  const outcome = await sendSignInLink(String(formData.get("email") ?? ""), next, request);
  redirect(
    outcome === "sent"
      ? `/signin/check-email?${new URLSearchParams({ callbackUrl: nextPath })}`
      : signInPagePath({ error: outcome, callbackUrl: nextPath }),
  );
}
