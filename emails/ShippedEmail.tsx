import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

/** The recipient's "it has shipped" email: the carrier and the tracking link. */
export type ShippedEmailProps = {
  recipientName: string;
  from: string;
  productName: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  untieUrl: string;
};

export default function ShippedEmail({
  recipientName,
  from,
  productName,
  carrier,
  trackingNumber,
  trackingUrl,
  untieUrl,
}: ShippedEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Your ${productName} from ${from} has shipped.`}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Section style={{ padding: "24px 32px 8px" }}>
            <Text style={heading}>It&apos;s on its way, {recipientName}!</Text>
            <Text style={text}>
              Your {productName}, a gift from {from}, has shipped with {carrier}.
            </Text>
            <Text style={text}>
              Tracking number:{" "}
              {trackingUrl ? (
                <Link href={trackingUrl} style={link}>
                  {trackingNumber}
                </Link>
              ) : (
                <strong>{trackingNumber}</strong>
              )}
            </Text>
            <Text style={text}>We will email you once more when it has arrived.</Text>
          </Section>
          <Section style={{ textAlign: "center", padding: "8px 32px 32px" }}>
            <Button href={untieUrl} style={button}>
              Follow your gift
            </Button>
          </Section>
          <Hr style={{ borderColor: "#f0e6ea", margin: 0 }} />
          <Text style={footer}>You received this email because you redeemed a gift through Ribbon.</Text>
        </Container>
      </Body>
    </Html>
  );
}

ShippedEmail.PreviewProps = {
  recipientName: "Robin",
  from: "Alex at Acme Rockets",
  productName: "Merino Beanie (Navy)",
  carrier: "Ribbon Post",
  trackingNumber: "RP123456789",
  trackingUrl: "https://tracking.example.com/RP123456789",
  untieUrl: "http://localhost:3000/untie/preview-token",
} satisfies ShippedEmailProps;

const body = {
  backgroundColor: "#faf5f7",
  fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = {
  backgroundColor: "#ffffff",
  borderRadius: 16,
  maxWidth: 600,
  margin: "0 auto",
  border: "1px solid #f0e6ea",
};
const heading = { fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "8px 0 12px" };
const text = { fontSize: 16, lineHeight: "26px", color: "#3d2a32", margin: "0 0 12px" };
const link = { color: "#b4235a", fontWeight: 700 };
const button = {
  backgroundColor: "#b4235a",
  color: "#ffffff",
  fontSize: 16,
  fontWeight: 700,
  borderRadius: 999,
  padding: "12px 28px",
  textDecoration: "none",
  display: "inline-block",
};
const footer = { fontSize: 12, color: "#8a7480", padding: "12px 32px 20px", margin: 0 };
