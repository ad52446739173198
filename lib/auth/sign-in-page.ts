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
export function isSignInEmail(email: string): boolean {
  const normalized = email.normalize("NFKC").trim();
  return normalized.length <= 254 && /^[^\s@"]+@[^\s@",]+$/.test(normalized);
}
