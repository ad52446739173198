import type { FieldErrors, PreviewPrice, SendFields } from "@/lib/dashboard";

/** Where the send form is: being filled in, or showing the price and the email for confirmation. */
export type SendState = {
  step: "edit" | "confirm";
  values: SendFields;
  errors: FieldErrors;
  /** Bumped on every answer, so the form re-mounts with `values` (React resets a form after its action). */
  version: number;
  quote?: {
    perGift: string;
    total: string;
    charge: string;
    livemode: boolean;
    collection: string;
    /** What the gift pays on arrival in the recipient's country (absent: no country given). */
    arrival?: PreviewPrice["arrival"];
    /** The quote holding this price (a conversion or a landed cost), sent with the gift so it is charged exactly this. */
    id?: string;
    /** When the email goes out, in the sender's zone and naming it; null: 5 minutes after the send; absent: a link gift. */
    sendsAt?: string | null;
  };
  preview?: { subject: string; html: string };
  /** "Send at" has passed: the form offers "Send now instead" beside it. */
  pastSendTime?: boolean;
  /** The team has no card on file: the form leads to the team's card form and the sandbox. */
  noCard?: boolean;
  /** The values the preview priced: sending anything else asks for a new preview first. */
  previewed?: string;
};

export const initialSendState: SendState = {
  step: "edit",
  values: { delivery_method: "email" },
  errors: {},
  version: 0,
};
