export type { Caller, KeyLimits } from "./caller";
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
export {
  createNamedKey,
  listNamedKeys,
  MAX_KEY_NAME,
  MAX_NAMED_KEYS,
  parseNamedKey,
  revokeNamedKey,
  type KeyAccess,
  type NamedKeyRequest,
  type NamedKeyView,
} from "./named-keys";
