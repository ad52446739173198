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

/** The foot of the emails to a gift's sender (what became of the gift they sent). */
export const SenderFooter = () => <EmailFooter>You sent this gift through Ribbon.</EmailFooter>;
