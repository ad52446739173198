// Every email template with its preview props: the render test walks this list.
import GiftEmail from "./GiftEmail";
import RedemptionEmail from "./RedemptionEmail";
import SignInEmail from "./SignInEmail";
import ThankYouEmail from "./ThankYouEmail";

export { GiftEmail, RedemptionEmail, SignInEmail, ThankYouEmail };
export type { GiftEmailProps } from "./GiftEmail";
export type { RedemptionEmailProps } from "./RedemptionEmail";
export type { SignInEmailProps } from "./SignInEmail";
export type { ThankYouEmailProps } from "./ThankYouEmail";

export const templates = { GiftEmail, RedemptionEmail, SignInEmail, ThankYouEmail } as const;
