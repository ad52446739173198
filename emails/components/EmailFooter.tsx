import type { ReactNode } from "react";
import { Hr, Text } from "@react-email/components";
import { footer, rule } from "../styles";

/** Why the reader gets this email, under a rule at the foot of the card. */
export function EmailFooter({ children }: { children: ReactNode }) {
  return (
    <>
      <Hr style={rule} />
      <Text style={footer}>{children}</Text>
    </>
  );
}
