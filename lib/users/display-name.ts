import { z } from "zod";
import { hasForbiddenCharacters } from "@/lib/format/text";

/**
 * How a person is shown to others in a sentence ("Alex sent you a gift", "Alex invited you"):
 * their name, else the name of the team they act for. Never their email address: people who
 * never set a name would otherwise send gifts "from robin@example.com".
 */
export function personName(name: string | null | undefined, teamName: string): string {
  return name?.trim() || teamName;
}

export const MAX_USER_NAME_LENGTH = 100;

/** A name a person gives themselves (the first sign-in's prompt, the account page). */
export const userNameSchema = z
  .string({ error: "Enter your name" })
  .trim()
  .min(1, { error: "Enter your name, or choose Skip" })
  .max(MAX_USER_NAME_LENGTH, { error: `Your name must be at most ${MAX_USER_NAME_LENGTH} characters` })
  .refine((v) => !hasForbiddenCharacters(v), { error: "Your name contains characters that are not allowed" })
  .refine((v) => !/^[^\s@]+@[^\s@]+$/.test(v), { error: "Enter your name rather than an email address" });

/** Set when someone skips the name prompt: this browser stops asking. */
export const SKIP_NAME_COOKIE = "ribbon-skip-name";
