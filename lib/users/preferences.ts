import type { Tx } from "@/lib/db";

/** A person's own email preferences (the account page). */
export type EmailPreferences = { giftOutcome: boolean };

export async function emailPreferences(db: Tx, userId: string): Promise<EmailPreferences> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { emailOnGiftOutcome: true } });
  return { giftOutcome: user.emailOnGiftOutcome };
}

/** Sets the signed-in person's own preferences (nobody else's: the caller passes the session's user). */
export async function setEmailPreferences(db: Tx, userId: string, preferences: EmailPreferences): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { emailOnGiftOutcome: preferences.giftOutcome } });
}
