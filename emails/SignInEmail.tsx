import { Text } from "@react-email/components";
import { CallToAction } from "./components/CallToAction";
import { EmailLayout } from "./components/EmailLayout";
import { narrowHeading, narrowSmall, narrowText } from "./styles";

export type SignInEmailProps = {
  /** The magic sign-in link. */
  url: string;
  /** The site's host name, shown so people can tell the email is expected. */
  host: string;
};

/** The magic-link sign-in email. */
export default function SignInEmail({ url, host }: SignInEmailProps) {
  return (
    <EmailLayout preview={`Sign in to Ribbon (${host})`} narrow>
      <Text style={narrowHeading}>Sign in to Ribbon</Text>
      <Text style={narrowText}>Click the button to sign in to {host}. The link works once and expires soon.</Text>
      <CallToAction href={url} label="Sign in" padding="16px 0" />
      <Text style={narrowSmall}>
        Or open this link: {url}
        <br />
        If you did not ask to sign in, ignore this email.
      </Text>
    </EmailLayout>
  );
}

SignInEmail.PreviewProps = {
  url: "http://localhost:3000/api/auth/callback/email?token=preview&email=alex%40acme.test",
  host: "localhost:3000",
} satisfies SignInEmailProps;
