import { createElement, type ReactElement } from "react";
import DeliveredEmail, { type DeliveredEmailProps } from "@/emails/DeliveredEmail";
import RedemptionEmail, { type RedemptionEmailProps } from "@/emails/RedemptionEmail";
import ReminderEmail, { type ReminderEmailProps } from "@/emails/ReminderEmail";
import ShippedEmail, { type ShippedEmailProps } from "@/emails/ShippedEmail";
import SignInEmail, { type SignInEmailProps } from "@/emails/SignInEmail";
import TeamInvitationEmail, { type TeamInvitationEmailProps } from "@/emails/TeamInvitationEmail";
import ThankYouEmail, { type ThankYouEmailProps } from "@/emails/ThankYouEmail";
import WebhookDisabledEmail, { type WebhookDisabledEmailProps } from "@/emails/WebhookDisabledEmail";
import { isAwaitingChoice } from "@/lib/gifts/stages";
import { untieUrl } from "@/lib/gifts/untie";

/**
 * The emails that go through the queue, by kind: the template, its subject, and its props as
 * stored. Links holding a secret are never stored in the props: a gift's untie URL is derived
 * from the gift when the email is rendered, and a link that exists only when the email is
 * queued (a sign-in link, an invitation) travels sealed (lib/sealed) and is erased once sent.
 */
type WithoutLink<P> = Omit<P, "untieUrl">;
export type QueuedEmailProps = {
  redemption: WithoutLink<RedemptionEmailProps>;
  "thank-you": ThankYouEmailProps;
  shipped: WithoutLink<ShippedEmailProps>;
  delivered: WithoutLink<DeliveredEmailProps>;
  signin: Omit<SignInEmailProps, "url">;
  "team-invitation": Omit<TeamInvitationEmailProps, "url">;
  "webhook-disabled": WebhookDisabledEmailProps;
  reminder: WithoutLink<ReminderEmailProps>;
};
export type QueuedKind = keyof QueuedEmailProps;

/** What an email is rendered with besides its props: the gift it is about, the sealed link opened. */
export type RenderContext = { giftId: string | null; link: string | null };

type Kind<K extends QueuedKind> = {
  /** Which secret the email carries: the gift's untie URL, a sealed link given when queued, or none. */
  needs: "gift" | "link" | "nothing";
  subject(props: QueuedEmailProps[K]): string;
  element(props: QueuedEmailProps[K], context: { giftId: string; link: string }): ReactElement;
  /** Sent only while its gift's stage passes this; else, when its turn comes, kept as suppressed. */
  whileGift?: (stage: string) => boolean;
};

const chosen = (p: { productName: string; variantName: string | null }) =>
  p.variantName ? `${p.productName} (${p.variantName})` : p.productName;
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").trim();

export const QUEUED_KINDS: { [K in QueuedKind]: Kind<K> } = {
  redemption: {
    needs: "gift",
    subject: (p) => `Your gift from ${p.from}: ${chosen(p)}`,
    element: (p, { giftId }) => createElement(RedemptionEmail, { ...p, untieUrl: untieUrl(giftId) }),
  },
  "thank-you": {
    needs: "nothing",
    subject: (p) => `${p.recipientName} sent you a thank-you note`,
    element: (p) => createElement(ThankYouEmail, p),
  },
  shipped: {
    needs: "gift",
    subject: (p) => `Your gift from ${p.from} has shipped`,
    element: (p, { giftId }) => createElement(ShippedEmail, { ...p, untieUrl: untieUrl(giftId) }),
  },
  delivered: {
    needs: "gift",
    subject: (p) => `Your gift from ${p.from} has arrived`,
    element: (p, { giftId }) => createElement(DeliveredEmail, { ...p, untieUrl: untieUrl(giftId) }),
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
    subject: (p) => oneLine(`Reminder: ${p.from} sent you a gift`),
    element: (p, { giftId }) => createElement(ReminderEmail, { ...p, untieUrl: untieUrl(giftId) }),
    // Reminders stop the moment the gift is chosen, declined, cancelled or expired: even one already queued.
    whileGift: isAwaitingChoice,
  },
};

export const isQueuedKind = (kind: string): kind is QueuedKind => Object.hasOwn(QUEUED_KINDS, kind);
