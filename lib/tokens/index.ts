export type { Caller } from "./caller";
export type { DeveloperTokenView } from "./types";
export {
  createDeveloperTokens,
  enableDeveloperTokens,
  ROLL_GRACE_MS,
  type DeveloperTokenPair,
  type RollOptions,
} from "./create-developer-tokens";
export { verifyToken, type TokenCheck } from "./verify-token";
export { tokenPrefix, type TokenMode } from "./format";
export { setLiveTokenCaps, type TokenCapsInput } from "./token-caps";
export { listActiveTokens, revokeDeveloperTokens, revokeExpiringTokens } from "./list-tokens";
