// The recipient's choice: validation (schema.ts, shared with the browser), the stage move and its emails.
export { redeemGift, refusal, RedemptionRefused, type RedeemRequest, type Redeemed } from "./redeem";
export { checkDecline, declineGift, type DeclineRequest } from "./decline";
export { donateGift, type DonateRequest } from "./donate";
export { addressLines, addressLinesIn, destination, senderAddress, type SenderAddress } from "./address";
