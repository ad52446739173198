import type { CSSProperties, ReactNode } from "react";
import { Button, Section } from "@react-email/components";
import { button } from "../styles";

/** The email's one button, centred in its own section; `children` go under it. */
export function CallToAction({
  href,
  label,
  padding = "8px 32px 32px",
  style = button,
  children,
}: {
  href: string;
  label: ReactNode;
  /** The section's padding. */
  padding?: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <Section style={{ textAlign: "center", padding }}>
      <Button href={href} style={style}>
        {label}
      </Button>
      {children}
    </Section>
  );
}
