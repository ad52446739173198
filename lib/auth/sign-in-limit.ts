import { clientIp, consume } from "@/lib/ratelimit";

/**
 * Counts a sign-in email against its address and the requesting IP. False when either is
 * over its limit: then no email may be sent.
 */
export async function allowSignInEmail(email: string, request: Request): Promise<boolean> {
  const [address, origin] = await Promise.all([consume("signInAddress", email.trim().toLowerCase()), consume("signInIp", clientIp(request))]);
  return address.allowed && origin.allowed;
}
