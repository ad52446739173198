export type { Caller } from "./caller";
export { createDeveloperTokens } from "./create-developer-tokens";
export { verifyToken, type TokenCheck } from "./verify-token";
export { tokenPrefix, type TokenMode } from "./format";
export { listActiveTokens, revokeDeveloperTokens } from "./list-tokens";
