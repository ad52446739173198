export { createOAuthClient, type CreateOAuthClientInput } from "./create-client";
export {
  approveAuthorization,
  checkAuthorizationRequest,
  INVALID_AUTHORIZATION,
  type InvalidAuthorization,
  CODE_LIFETIME_MS,
  denyAuthorization,
  redirectUriWith,
  type AuthorizationCheck,
  type AuthorizationQuery,
} from "./authorize";
export { exchangeAuthorizationCode, type IssuedToken, type TokenRequest } from "./exchange-code";
export { OAuthError, type OAuthErrorCode } from "./errors";
export {
  listAuthorizedApps,
  lowerGrantCaps,
  revokeAuthorizedApp,
  GRANT_CAP_FIELDS,
  type AuthorizedApp,
  type AuthorizedGrant,
  type GrantCapsInput,
} from "./authorized-apps";
export { authorizationServerMetadata } from "./metadata";
export { issuer, readResource, resourceUrl, type Resource } from "./resources";
export {
  CONSENT_REFUSALS,
  DEFAULT_MCP_CAPS,
  mcpCapsProblem,
  type ConsentClient,
  type ConsentRefusal,
} from "./authorize";
export {
  deleteUnusedDynamicClients,
  DYNAMIC_CLIENT_IDLE_DAYS,
  registerDynamicClient,
  type RegisteredClient,
} from "./register-client";
export { isPublicClient, type ClientRegistration } from "./authorize";
export { mcpHostElicitsUrl, recordMcpHostElicitsUrl } from "./mcp-host";
