import { Body, Button, Container, Head, Html, Preview, Section, Text } from "@react-email/components";
import { buttonBase } from "./styles";

export type SignInEmailProps = {
  /** The magic sign-in link. */
  url: string;
  /** The site's host name, shown so people can tell the email is expected. */
  host: string;
};

/** The magic-link sign-in email. */
export default function SignInEmail({ url, host }: SignInEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Sign in to Ribbon (${host})`}</Preview>
      <Body
        style={{
          backgroundColor: "#faf5f7",
          fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
          padding: "24px 0",
        }}
      >
        <Container
          style={{ backgroundColor: "#ffffff", borderRadius: 16, maxWidth: 480, margin: "0 auto", padding: 32 }}
        >
          <Text style={{ fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "0 0 12px" }}>Sign in to Ribbon</Text>
          <Text style={{ fontSize: 15, color: "#3d2a32", lineHeight: "24px" }}>
            Click the button to sign in to {host}. The link works once and expires soon.
          </Text>
          <Section style={{ textAlign: "center", padding: "16px 0" }}>
            <Button href={url} style={buttonBase}>
              Sign in
            </Button>
          </Section>
          <Text style={{ fontSize: 12, color: "#8a7480", wordBreak: "break-all" }}>
            Or open this link: {url}
            <br />
            If you did not ask to sign in, ignore this email.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

SignInEmail.PreviewProps = {
  url: "http://localhost:3000/api/auth/callback/email?token=preview&email=alex%40acme.test",
  host: "localhost:3000",
} satisfies SignInEmailProps;
