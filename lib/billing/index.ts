export { assertCardOnFile, chargeTeam, refundGift } from "./charge";
export { setCard } from "./set-card";
export { DECLINING_TEST_CARDS, parseCardNumber } from "./test-cards";
export { parseExpiry } from "./expiry";
