// Every email template with its preview props: the render test walks this list.
import GiftEmail from "./GiftEmail";
import SignInEmail from "./SignInEmail";

export { GiftEmail, SignInEmail };
export type { GiftEmailProps } from "./GiftEmail";
export type { SignInEmailProps } from "./SignInEmail";

export const templates = { GiftEmail, SignInEmail } as const;
