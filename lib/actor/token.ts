import type { Tx } from "@/lib/db";
import { unauthorized } from "@/lib/errors";
import { verifyToken, type Caller } from "@/lib/tokens";

/** The token from `Authorization: Bearer …` or `?access_token=…` (the header wins). */
export function presentedToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    return match ? match[1] : "";
  }
  return new URL(request.url).searchParams.get("access_token");
}

const REASONS = {
  malformed: "The access token is malformed.",
  unknown: "The access token is not valid.",
  revoked: "The access token has been revoked.",
  expired: "The access token has expired: it was rolled and the old tokens' 24 hours are over.",
} as const;

/** The API's actor: the request's bearer token checked, or 401 with the reason. */
export async function actorFromToken(db: Tx, request: Request): Promise<Caller> {
  const token = presentedToken(request);
  if (token === null) throw unauthorized("An access token is required: send Authorization: Bearer <token>.");
  const check = await verifyToken(db, token);
  if (check.status !== "valid") throw unauthorized(REASONS[check.status]);
  return check.caller;
}
