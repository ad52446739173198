import { config } from "@/lib/config";

/** The limits Ribbon enforces: points per window, each overridable by its environment variable. */
export const LIMITS = {
  /** Requests per credential (token) per minute, on every API endpoint. */
  api: { env: "RIBBON_RATE_LIMIT_API_PER_MINUTE", points: 6000, seconds: 60 },
  /** Sign-in emails to one address per hour. */
  signInAddress: { env: "RIBBON_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_HOUR", points: 5, seconds: 3600 },
  /** Sign-in emails requested from one IP per hour. */
  signInIp: { env: "RIBBON_RATE_LIMIT_SIGNIN_PER_IP_PER_HOUR", points: 20, seconds: 3600 },
  /** Failed guesses (unknown tokens, client secrets, codes, untie links) from one IP per 10 minutes. */
  failedGuesses: { env: "RIBBON_RATE_LIMIT_FAILED_GUESSES_PER_IP", points: 30, seconds: 600 },
  /** Client metadata documents fetched for authorizations from one IP per 10 minutes (clients not seen in the last hour). */
  clientMetadata: { env: "RIBBON_RATE_LIMIT_CLIENT_METADATA_PER_IP", points: 30, seconds: 600 },
  /** Dynamic client registrations (RFC 7591, POST /oauth2/register) from one IP per hour: anyone may register, unsigned in. */
  clientRegistration: { env: "RIBBON_RATE_LIMIT_CLIENT_REGISTRATIONS_PER_IP_PER_HOUR", points: 20, seconds: 3600 },
  /** Team invitations one person sends per hour, all their teams together (each is an email to any address). */
  invitations: { env: "RIBBON_RATE_LIMIT_INVITATIONS_PER_USER_PER_HOUR", points: 50, seconds: 3600 },
} as const;

export type LimitName = keyof typeof LIMITS;

/** The points of a limit: its variable when set to a whole number (0 turns the limit off), else the default. */
export function limitPoints(name: LimitName): number {
  return config.wholeNumber(LIMITS[name].env) ?? LIMITS[name].points;
}
