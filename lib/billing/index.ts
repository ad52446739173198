export { chargeTeam, refundGift } from "./charge";
export { setCard } from "./set-card";
export { parseCardNumber } from "./test-cards";
