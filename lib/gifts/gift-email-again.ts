import type { Tx } from "@/lib/db";
import { queueEmail } from "@/lib/outbox/queued-emails";
import { giftEmailProps, type GiftForEmail } from "./render-gift-email";

/**
 * Queues the gift email once more (a resend, or the first email to a corrected address), in
 * the caller's transaction: a `gift` row of the one outbox, sent by the `send-emails` job or
 * `sendQueuedEmailNow` after the commit. The gift row's own queue (stage `scheduled`) is only
 * for its first email; a gift already `sent` or `opened` keeps its stage. The untie link is
 * derived when the email is rendered (the gift's current one), never stored. No copy to
 * `cc_email`: that person was copied on the first email.
 */
export function queueGiftEmailAgain(
  tx: Tx,
  gift: GiftForEmail & { email: string; livemode: boolean },
  now = new Date(),
): Promise<{ id: number }> {
  const { untieUrl: _link, ...props } = giftEmailProps(gift);
  return queueEmail(
    tx,
    {
      kind: "gift",
      to: gift.email,
      giftId: gift.id,
      sandbox: !gift.livemode,
      props: { ...props, subject: gift.subject },
    },
    now,
  );
}
