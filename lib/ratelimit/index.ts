export { consume, type LimitState } from "./consume";
export { countFailedGuess } from "./failed-guess";
export { LIMITS, limitPoints, type LimitName } from "./limits";
export { clientIp } from "./client-ip";
export { closeLimiterStores } from "./store";
export { RESEND_GAP_SECONDS, RESENDS_PER_DAY, resendWaitSeconds } from "./gift-resends";
