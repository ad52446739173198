import { clientIp, consume } from "@/lib/ratelimit";
import { isSignInEmail, normalizeSignInEmail } from "./sign-in-page";

/**
 * Counts a sign-in email against its address (normalised as the sign-in itself reads it) and the
 * requesting IP. False when either is over its limit: then no email may be sent. Both doors, the
 * /signin form and POST /api/auth/signin/email, come here and count in the same store.
 */
export async function allowSignInEmail(email: string, request: Request): Promise<boolean> {
  const address = isSignInEmail(email) ? normalizeSignInEmail(email) : email.trim().toLowerCase();
  const [perAddress, perIp] = await Promise.all([
    consume("signInAddress", address),
    consume("signInIp", clientIp(request)),
  ]);
  return perAddress.allowed && perIp.allowed;
}
