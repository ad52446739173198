import { translator } from "@/lib/i18n/catalogue";
import type { Locale } from "@/lib/i18n/locales";
import { personName } from "@/lib/users/display-name";

/**
 * A gift's subject when the sender gives none: the contract's `<sender name> Sent You A Gift!`,
 * or its translation when the gift has a locale other than English (the email is in that language).
 */
export const defaultSubject = (sender: { name: string | null }, team: { name: string }, locale?: Locale | null) => {
  const name = personName(sender.name, team.name);
  return locale && locale !== "en"
    ? translator(locale, "email")("defaultSubject", { sender: name })
    : `${name} Sent You A Gift!`;
};

/** A recipient's own default subject: only when the request gives no subject and the recipient has a non-English locale. */
export const recipientSubject =
  (sender: { name: string | null }, team: { name: string }, requestSubject: string | undefined) =>
  (r: { subject?: string; locale: Locale | null }): string | undefined =>
    r.subject ??
    (requestSubject === undefined && r.locale && r.locale !== "en"
      ? defaultSubject(sender, team, r.locale)
      : undefined);
