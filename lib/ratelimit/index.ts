export { consume, isBlocked, type LimitState } from "./consume";
export { LIMITS, limitPoints, type LimitName } from "./limits";
export { clientIp } from "./client-ip";
export { closeLimiterStores } from "./store";
