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
export { listAuthorizedApps, revokeAuthorizedApp, type AuthorizedApp } from "./authorized-apps";
export { authorizationServerMetadata } from "./metadata";
export { issuer, readResource, resourceUrl, type Resource } from "./resources";
export { DEFAULT_MCP_CAPS, mcpCapsProblem, type ConsentClient } from "./authorize";
export {
  deleteUnusedDynamicClients,
  DYNAMIC_CLIENT_IDLE_DAYS,
  registerDynamicClient,
  type RegisteredClient,
} from "./register-client";
export { isPublicClient, type ClientRegistration } from "./authorize";
