// Every email template, listed once (`templates`), and its props' types: the render test walks the list.
import DeliveredEmail from "./DeliveredEmail";
import GiftApprovalEmail from "./GiftApprovalEmail";
import GiftEmail from "./GiftEmail";
import GiftOutcomeEmail from "./GiftOutcomeEmail";
import OutcomeConfirmationEmail from "./OutcomeConfirmationEmail";
import RedemptionEmail from "./RedemptionEmail";
import ReminderEmail from "./ReminderEmail";
import ShippedEmail from "./ShippedEmail";
import SignInEmail from "./SignInEmail";
import TeamInvitationEmail from "./TeamInvitationEmail";
import ThankYouEmail from "./ThankYouEmail";
import WebhookDisabledEmail from "./WebhookDisabledEmail";

export type { DeliveredEmailProps } from "./DeliveredEmail";
export type { GiftApprovalEmailProps } from "./GiftApprovalEmail";
export type { GiftEmailProps } from "./GiftEmail";
export type { GiftOutcomeEmailProps } from "./GiftOutcomeEmail";
export type { OutcomeConfirmationEmailProps } from "./OutcomeConfirmationEmail";
export type { RedemptionEmailProps } from "./RedemptionEmail";
export type { ReminderEmailProps } from "./ReminderEmail";
export type { ShippedEmailProps } from "./ShippedEmail";
export type { SignInEmailProps } from "./SignInEmail";
export type { TeamInvitationEmailProps } from "./TeamInvitationEmail";
export type { ThankYouEmailProps } from "./ThankYouEmail";
export type { WebhookDisabledEmailProps } from "./WebhookDisabledEmail";

export const templates = {
  DeliveredEmail,
  GiftApprovalEmail,
  GiftEmail,
  GiftOutcomeEmail,
  OutcomeConfirmationEmail,
  RedemptionEmail,
  ReminderEmail,
  ShippedEmail,
  SignInEmail,
  TeamInvitationEmail,
  ThankYouEmail,
  WebhookDisabledEmail,
} as const;
