import type { PrismaClient, Tx } from "@/lib/db";
import { randomSecret, safeEqual, sha256 } from "@/lib/crypto";
import { capsFromJson, capsToJson } from "@/lib/billing";
import { tokenPrefix } from "@/lib/tokens";
import { OAuthError } from "./errors";
import { verifierMatches } from "./pkce";
import { readResource } from "./resources";
import { isPublicClient } from "./authorize";

/** The fields of POST /oauth2/token, however they were sent (form, JSON, HTTP Basic). */
export type TokenRequest = {
  grantType?: string;
  clientId?: string;
  clientSecret?: string;
  code?: string;
  redirectUri?: string;
  codeVerifier?: string;
  /** RFC 8707: when sent, it must be the resource the code was issued for. */
  resource?: string;
};

export type IssuedToken = { accessToken: string; createdAt: Date };

// Compared against when the client_id is unknown, so both failures take the same time.
const NO_SECRET_HASH = sha256("no client has this secret");

/**
 * The client whose id and secret these are (hash compared in constant time), else `invalid_client`.
 * A public client (a metadata document's, or registered dynamically) sends its client_id alone and
 * proves the code with PKCE.
 */
async function authenticateClient(db: Tx, clientId: string | undefined, clientSecret: string | undefined) {
  if (clientId && !clientSecret) {
    const client = await db.oAuthClient.findUnique({ where: { clientId }, select: { id: true, kind: true } });
    if (client && isPublicClient(client.kind)) return client;
  }
  if (!clientId || !clientSecret) {
    throw new OAuthError(
      "invalid_client",
      "Client authentication is required: send client_id and client_secret (or HTTP Basic).",
    );
  }
  const client = await db.oAuthClient.findUnique({
    where: { clientId },
    select: { id: true, clientSecretHash: true, kind: true },
  });
  const matches = safeEqual(sha256(clientSecret), client?.clientSecretHash ?? NO_SECRET_HASH);
  if (!client || !matches)
    throw new OAuthError("invalid_client", "Client authentication failed: unknown client_id or wrong client_secret.");
  return client;
}

/** Revokes the token issued for a code that is being replayed (RFC 6749 §4.1.2: the code may be stolen). */
async function revokeTokensOfCode(db: Tx, codeId: number, now: Date) {
  await db.oAuthToken.updateMany({ where: { codeId, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Exchanges an authorization code for an access token (RFC 6749 §4.1.3). The code must have
 * been issued to this client for this exact redirect URI, be unexpired and unused; it is
 * claimed with a conditional update, so of two concurrent exchanges only one succeeds. A
 * second use fails with `invalid_grant` and revokes the token the first one got.
 * The token (`rbn_oat_…`, 192 random bits) is returned once; only its hash is stored.
 */
export async function exchangeAuthorizationCode(
  db: PrismaClient,
  request: TokenRequest,
  { now = new Date() }: { now?: Date } = {},
): Promise<IssuedToken> {
  if (!request.grantType) throw new OAuthError("invalid_request", "grant_type is required (authorization_code).");
  if (request.grantType !== "authorization_code") {
    throw new OAuthError("unsupported_grant_type", "Only grant_type=authorization_code is supported.");
  }
  const client = await authenticateClient(db, request.clientId, request.clientSecret);
  if (!request.code) throw new OAuthError("invalid_request", "code is required.");
  if (!request.redirectUri)
    throw new OAuthError("invalid_request", "redirect_uri is required (the one sent to /oauth2/authorize).");

  const code = await db.oAuthCode.findUnique({ where: { codeHash: sha256(request.code) } });
  if (!code) throw new OAuthError("invalid_grant", "The authorization code is not valid.");
  if (code.clientId !== client.id)
    throw new OAuthError("invalid_grant", "The authorization code was issued to another client.");
  if (code.redirectUri !== request.redirectUri) {
    throw new OAuthError("invalid_grant", "redirect_uri does not match the one the authorization code was issued for.");
  }
  if (code.revokedAt)
    throw new OAuthError(
      "invalid_grant",
      "The user revoked this application's access; the authorization code can't be used.",
    );
  if (code.usedAt) {
    await revokeTokensOfCode(db, code.id, now);
    throw new OAuthError("invalid_grant", "The authorization code has already been used.");
  }
  if (code.expiresAt <= now) throw new OAuthError("invalid_grant", "The authorization code has expired.");
  if (request.resource !== undefined && readResource(request.resource) !== code.resource)
    throw new OAuthError("invalid_target", "resource is not the one the authorization code was issued for.");
  if (isPublicClient(client.kind) && !code.codeChallenge)
    throw new OAuthError("invalid_grant", "A public client's code needs PKCE.");
  // PKCE (RFC 7636): a code requested with a challenge needs its verifier; a verifier for a code
  // requested without one is refused too (RFC 9700 §2.1.1), so a downgrade can't go unnoticed.
  if (code.codeChallenge) {
    if (!request.codeVerifier || !verifierMatches(request.codeVerifier, code.codeChallenge)) {
      throw new OAuthError(
        "invalid_grant",
        "code_verifier is missing or does not match the code_challenge of the authorization request.",
      );
    }
  } else if (request.codeVerifier) {
    throw new OAuthError("invalid_grant", "code_verifier was sent for a code requested without code_challenge.");
  }

  const accessToken = tokenPrefix.oauth + randomSecret(24);
  const issued = await db.$transaction(async (tx) => {
    const claim = await tx.oAuthCode.updateMany({
      where: { id: code.id, usedAt: null, revokedAt: null },
      data: { usedAt: now },
    });
    if (claim.count === 0) return null; // another exchange, or a revocation, got there first
    return tx.oAuthToken.create({
      data: {
        tokenHash: sha256(accessToken),
        clientId: client.id,
        userId: code.userId,
        codeId: code.id,
        caps: capsToJson(capsFromJson(code.caps)),
        resource: code.resource,
        mode: code.mode,
        createdAt: now,
      },
      select: { createdAt: true },
    });
  });
  if (!issued) {
    const revoked = await db.oAuthCode.count({ where: { id: code.id, revokedAt: { not: null } } });
    if (revoked)
      throw new OAuthError(
        "invalid_grant",
        "The user revoked this application's access; the authorization code can't be used.",
      );
    await revokeTokensOfCode(db, code.id, now);
    throw new OAuthError("invalid_grant", "The authorization code has already been used.");
  }
  return { accessToken, createdAt: issued.createdAt };
}
