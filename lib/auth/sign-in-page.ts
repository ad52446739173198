import { sameOriginPath } from "@/lib/urls";

/** Where the sign-in page sends people once they are in, when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN = "/account";

/**
 * The sign-in page's path: what went wrong (an Auth.js error code, or one of ours) and the page
 * a new link should land on, kept on this site.
 */
export function signInPagePath({ error, callbackUrl }: { error?: string; callbackUrl?: string | null }): string {
  const params = new URLSearchParams();
  if (error) params.set("error", error);
  params.set("callbackUrl", sameOriginPath(callbackUrl, DEFAULT_AFTER_SIGN_IN));
  return `/signin?${params}`;
}

/** The email field of a sign-in form in the shape Auth.js accepts (one @, no quotes), at most 254 characters. */
/**
 * The address a sign-in is for, exactly as Auth.js's email provider is told to read it
 * (`normalizeIdentifier` in lib/auth/index.ts): NFKC first, so full-width look-alikes of one
 * address are that address, then lower-cased and trimmed. Per-address limits key on it too.
 */
export function normalizeSignInEmail(email: string): string {
  const normalized = email.normalize("NFKC").toLowerCase().trim();
  if (!isSignInEmail(normalized)) throw new Error("Invalid email address format.");
  return normalized;
}

export function isSignInEmail(email: string): boolean {
  const normalized = email.normalize("NFKC").trim();
  return normalized.length <= 254 && /^[^\s@"]+@[^\s@",]+$/.test(normalized);
}
