import { config } from "@/lib/config";

/** RFC 8414 authorization server metadata: every URL on APP_URL. */
export function authorizationServerMetadata() {
  const issuer = config.appUrl;
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    service_documentation: `${issuer}/docs`,
  };
}
