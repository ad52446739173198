// Every email template with its preview props: the render test walks this list.
import GiftEmail from "./GiftEmail";
import RedemptionEmail from "./RedemptionEmail";
import SignInEmail from "./SignInEmail";
import TeamInvitationEmail from "./TeamInvitationEmail";
import ThankYouEmail from "./ThankYouEmail";

export { GiftEmail, RedemptionEmail, SignInEmail, TeamInvitationEmail, ThankYouEmail };
export type { GiftEmailProps } from "./GiftEmail";
export type { RedemptionEmailProps } from "./RedemptionEmail";
export type { SignInEmailProps } from "./SignInEmail";
export type { TeamInvitationEmailProps } from "./TeamInvitationEmail";
export type { ThankYouEmailProps } from "./ThankYouEmail";

export const templates = { GiftEmail, RedemptionEmail, SignInEmail, TeamInvitationEmail, ThankYouEmail } as const;
