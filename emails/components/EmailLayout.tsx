import type { ReactNode } from "react";
import { Body, Container, Head, Html, Preview } from "@react-email/components";
import { direction, type Locale } from "@/lib/i18n/locales";
import { body, card, narrowBody, narrowCard } from "../styles";

/**
 * Every email's document: its language and direction, the preview line, the page and the card.
 * `narrow` is the account emails' card (sign-in, invitation, webhook).
 */
export function EmailLayout({
  locale = "en",
  preview,
  narrow = false,
  children,
}: {
  /** The email's language; English (the team's and the account emails') when absent. */
  locale?: Locale;
  preview: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <Html lang={locale} dir={direction(locale)}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={narrow ? narrowBody : body}>
        <Container style={narrow ? narrowCard : card}>{children}</Container>
      </Body>
    </Html>
  );
}
