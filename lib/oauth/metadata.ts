import { config } from "@/lib/config";

/** RFC 8414 authorization server metadata: every URL on APP_URL. */
export function authorizationServerMetadata() {
  const issuer = config.appUrl;
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth2/authorize`,
    token_endpoint: `${issuer}/oauth2/token`,
    // RFC 7591: public clients only (token_endpoint_auth_method "none"), for hosts that only register dynamically.
    registration_endpoint: `${issuer}/oauth2/register`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    code_challenge_methods_supported: ["S256"],
    // "none": public clients (a Client ID Metadata Document or a dynamic registration), holding no secret (PKCE instead).
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    client_id_metadata_document_supported: true,
    // RFC 9207: every authorization response carries iss.
    authorization_response_iss_parameter_supported: true,
    // RFC 8707: the two resources a token can be for.
    resource_indicators_supported: true,
    service_documentation: `${issuer}/docs`,
  };
}
