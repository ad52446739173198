/** The error codes of RFC 6749 §5.2 that the token endpoint answers with, and RFC 7591 §3.2.2's of registration. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unsupported_grant_type"
  | "invalid_target" // RFC 8707 §2
  | "invalid_redirect_uri" // RFC 7591 §3.2.2
  | "invalid_client_metadata"; // RFC 7591 §3.2.2

/**
 * A refused token or registration request. The edge (`lib/api/oauth.ts`) turns it into the
 * RFC 6749 §5.2 (RFC 7591 §3.2.2) JSON body: 401 for `invalid_client`, 400 for the others.
 */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }

  get status(): number {
    return this.code === "invalid_client" ? 401 : 400;
  }
}
