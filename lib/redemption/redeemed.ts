import type { Address } from "./schema";

/** A gift the recipient has just redeemed: what the confirmation and thank-you emails tell. */
export type Redeemed = {
  giftId: string;
  livemode: boolean;
  recipientName: string;
  /** The gift's locale (null: none given): the recipient's emails are in it, else English. */
  locale: string | null;
  from: string;
  senderEmail: string;
  /** By slug, and the variant by size and colour: the recipient's email names them in their language. */
  product: { id: number; slug: string; name: string };
  variant: { id: number; name: string; size: string | null; color: string | null } | null;
  address: Address;
  thankYouNote: string | null;
};
