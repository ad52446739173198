import { BrandedMessage } from "@/components/untie/BrandedMessage";

/** An unknown or tampered untie link. */
export default function GiftNotFound() {
  return (
    <BrandedMessage title="We couldn’t find this gift">
      <p>The link may be incomplete: open it again from your gift email, or copy the whole link into your browser.</p>
      <p>If it still doesn’t work, ask the person who sent you the gift for a new link.</p>
    </BrandedMessage>
  );
}
