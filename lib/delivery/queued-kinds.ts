import { createElement, type ReactElement } from "react";
import DeliveredEmail, { type DeliveredEmailProps } from "@/emails/DeliveredEmail";
import RedemptionEmail, { type RedemptionEmailProps } from "@/emails/RedemptionEmail";
import ShippedEmail, { type ShippedEmailProps } from "@/emails/ShippedEmail";
import ThankYouEmail, { type ThankYouEmailProps } from "@/emails/ThankYouEmail";
import { untieUrl } from "@/lib/gifts/untie";

/**
 * The emails that go through the queue, by kind: the template, its subject, and its props as
 * stored. Links holding a secret (the untie URL) are never stored: they are derived from the
 * gift when the email is rendered, just before it is sent.
 */
type WithoutLink<P> = Omit<P, "untieUrl">;
export type QueuedEmailProps = {
  redemption: WithoutLink<RedemptionEmailProps>;
  "thank-you": ThankYouEmailProps;
  shipped: WithoutLink<ShippedEmailProps>;
  delivered: WithoutLink<DeliveredEmailProps>;
};
export type QueuedKind = keyof QueuedEmailProps;

type Kind<K extends QueuedKind> = {
  subject(props: QueuedEmailProps[K]): string;
  element(props: QueuedEmailProps[K], giftId: string): ReactElement;
};

const chosen = (p: { productName: string; variantName: string | null }) =>
  p.variantName ? `${p.productName} (${p.variantName})` : p.productName;

export const QUEUED_KINDS: { [K in QueuedKind]: Kind<K> } = {
  redemption: {
    subject: (p) => `Your gift from ${p.from}: ${chosen(p)}`,
    element: (p, giftId) => createElement(RedemptionEmail, { ...p, untieUrl: untieUrl(giftId) }),
  },
  "thank-you": {
    subject: (p) => `${p.recipientName} sent you a thank-you note`,
    element: (p) => createElement(ThankYouEmail, p),
  },
  shipped: {
    subject: (p) => `Your gift from ${p.from} has shipped`,
    element: (p, giftId) => createElement(ShippedEmail, { ...p, untieUrl: untieUrl(giftId) }),
  },
  delivered: {
    subject: (p) => `Your gift from ${p.from} has arrived`,
    element: (p, giftId) => createElement(DeliveredEmail, { ...p, untieUrl: untieUrl(giftId) }),
  },
};

export const isQueuedKind = (kind: string): kind is QueuedKind => Object.hasOwn(QUEUED_KINDS, kind);
