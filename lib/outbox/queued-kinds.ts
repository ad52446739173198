import { createElement, type ReactElement } from "react";
import GiftApprovalEmail, { approvalHeadline, type GiftApprovalEmailProps } from "@/emails/GiftApprovalEmail";
import GiftEmail, { type GiftEmailProps } from "@/emails/GiftEmail";
import GiftOutcomeEmail, { outcomeHeadline, type GiftOutcomeEmailProps } from "@/emails/GiftOutcomeEmail";
import OutcomeConfirmationEmail, { type OutcomeConfirmationEmailProps } from "@/emails/OutcomeConfirmationEmail";
import DeliveredEmail, { type DeliveredEmailProps } from "@/emails/DeliveredEmail";
import RedemptionEmail, { type RedemptionEmailProps } from "@/emails/RedemptionEmail";
import ReminderEmail, { type ReminderEmailProps } from "@/emails/ReminderEmail";
import ShippedEmail, { type ShippedEmailProps } from "@/emails/ShippedEmail";
import SignInEmail, { type SignInEmailProps } from "@/emails/SignInEmail";
import TeamInvitationEmail, { type TeamInvitationEmailProps } from "@/emails/TeamInvitationEmail";
import ThankYouEmail, { type ThankYouEmailProps } from "@/emails/ThankYouEmail";
import WebhookDisabledEmail, { type WebhookDisabledEmailProps } from "@/emails/WebhookDisabledEmail";
import { emailLocale, translator } from "@/lib/i18n";
import { isAwaitingChoice } from "./awaiting-choice";
import { oneLine } from "@/lib/format/one-line";

/**
 * The emails that go through the queue, by kind: the template, its subject, and its props as
 * stored. Links holding a secret are never stored in the props: a gift's untie URL is derived
 * from the gift when the email is rendered, and a link that exists only when the email is
 * queued (a sign-in link, an invitation) travels sealed (lib/sealed) and is erased once sent.
 */
type WithoutLink<P> = Omit<P, "untieUrl">;
export type QueuedEmailProps = {
  /** The gift email again (a resend, or a corrected address): the gift row's own queue sends it only once. */
  gift: WithoutLink<GiftEmailProps> & { subject: string };
  redemption: WithoutLink<RedemptionEmailProps>;
  "thank-you": ThankYouEmailProps;
  shipped: WithoutLink<ShippedEmailProps>;
  delivered: WithoutLink<DeliveredEmailProps>;
  signin: Omit<SignInEmailProps, "url">;
  "team-invitation": Omit<TeamInvitationEmailProps, "url">;
  "webhook-disabled": WebhookDisabledEmailProps;
  reminder: Omit<ReminderEmailProps, "untieUrl" | "unsubscribeUrl">;
  /** To the sender: the recipient declined or donated the gift (lib/redemption/decline.ts, donate.ts). */
  "gift-outcome": GiftOutcomeEmailProps;
  /** To the recipient: their decline or donation confirmed, in the gift's locale. */
  "outcome-confirmation": OutcomeConfirmationEmailProps;
  /** To each owner of the team: a live create's gifts wait for approval (lib/gifts/approval-email.ts), one per create. */
  "gift-approval": GiftApprovalEmailProps;
};
export type QueuedKind = keyof QueuedEmailProps;

/** What an email is rendered with besides its props: the gift it is about, the sealed link opened. */
export type RenderContext = { untieUrl: string | null; link: string | null };

type Kind<K extends QueuedKind> = {
  /** Which secret the email carries: the gift's untie URL, a sealed link given when queued, or none. */
  needs: "gift" | "link" | "nothing";
  subject(props: QueuedEmailProps[K]): string;
  element(
    props: QueuedEmailProps[K],
    context: { untieUrl: string; link: string; unsubscribeUrl: string },
  ): ReactElement;
  /**
   * Bulk mail about a gift (reminders): carries RFC 8058's one-click unsubscribe (List-Unsubscribe
   * and List-Unsubscribe-Post headers, and the footer's link), and is not sent to an address the
   * team suppressed or once the recipient stopped the gift's reminders.
   */
  oneClickUnsubscribe?: true;
  /** Sent only while its gift's stage passes this; else, when its turn comes, kept as suppressed. */
  whileGift?: (stage: string) => boolean;
};

const chosen = (p: { productName: string; variantName: string | null }) =>
  p.variantName ? `${p.productName} (${p.variantName})` : p.productName;

export const QUEUED_KINDS: { [K in QueuedKind]: Kind<K> } = {
  gift: {
    needs: "gift",
    subject: (p) => p.subject,
    element: ({ subject: _subject, ...p }, { untieUrl }) => createElement(GiftEmail, { ...p, untieUrl }),
  },
  redemption: {
    needs: "gift",
    subject: (p) =>
      translator(emailLocale(p.locale), "email")("redemptionSubject", { from: p.from, product: chosen(p) }),
    element: (p, { untieUrl }) => createElement(RedemptionEmail, { ...p, untieUrl }),
  },
  "thank-you": {
    needs: "nothing",
    subject: (p) => `${p.recipientName} sent you a thank-you note`,
    element: (p) => createElement(ThankYouEmail, p),
  },
  shipped: {
    needs: "gift",
    subject: (p) => translator(emailLocale(p.locale), "email")("shippedSubject", { from: p.from }),
    element: (p, { untieUrl }) => createElement(ShippedEmail, { ...p, untieUrl }),
  },
  delivered: {
    needs: "gift",
    subject: (p) => translator(emailLocale(p.locale), "email")("deliveredSubject", { from: p.from }),
    element: (p, { untieUrl }) => createElement(DeliveredEmail, { ...p, untieUrl }),
  },
  signin: {
    needs: "link",
    subject: (p) => `Sign in to Ribbon (${p.host})`,
    element: (p, { link }) => createElement(SignInEmail, { ...p, url: link }),
  },
  "team-invitation": {
    needs: "link",
    subject: (p) => oneLine(`${p.inviter} invited you to join ${p.teamName} on Ribbon`),
    element: (p, { link }) => createElement(TeamInvitationEmail, { ...p, url: link }),
  },
  "webhook-disabled": {
    needs: "nothing",
    subject: () => "Your Ribbon webhook endpoint was disabled",
    element: (p) => createElement(WebhookDisabledEmail, p),
  },
  reminder: {
    needs: "gift",
    subject: (p) => oneLine(translator(emailLocale(p.locale), "email")("reminderSubject", { from: p.from })),
    element: (p, { untieUrl, unsubscribeUrl }) => createElement(ReminderEmail, { ...p, untieUrl, unsubscribeUrl }),
    oneClickUnsubscribe: true,
    // Reminders stop the moment the gift is chosen, declined, cancelled or expired: even one already queued.
    whileGift: isAwaitingChoice,
  },
  "gift-outcome": {
    needs: "nothing",
    subject: (p) => oneLine(outcomeHeadline(p)),
    element: (p) => createElement(GiftOutcomeEmail, p),
  },
  "outcome-confirmation": {
    needs: "nothing",
    subject: (p) => {
      const t = translator(emailLocale(p.locale), "email");
      return oneLine(
        p.outcome === "donated"
          ? t("donatedSubject", { from: p.from, charity: p.charityName ?? "" })
          : t("declinedSubject", { from: p.from }),
      );
    },
    element: (p) => createElement(OutcomeConfirmationEmail, p),
  },
  "gift-approval": {
    needs: "nothing",
    subject: (p) => oneLine(`${approvalHeadline(p)} (${p.teamName})`),
    element: (p) => createElement(GiftApprovalEmail, p),
  },
};

export const isQueuedKind = (kind: string): kind is QueuedKind => Object.hasOwn(QUEUED_KINDS, kind);
