import type { Tx } from "@/lib/db";
import { randomSecret, sha256 } from "@/lib/crypto";
import { badRequest } from "@/lib/errors";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { redirectUriProblem } from "./redirect-uri";

export type CreateOAuthClientInput = { name: string; redirectUris: string[] };

/** Registers a third-party application. The secret is returned once and stored hashed. */
export async function createOAuthClient(db: Tx, input: CreateOAuthClientInput) {
  if (!input.name.trim()) throw badRequest("An OAuth client needs a name.");
  // The consent screen shows it to every person asked: free text's one rule (lib/format/text.ts).
  if (hasForbiddenCharacters(input.name.trim()))
    throw badRequest("An OAuth client's name contains characters that are not allowed.");
  if (input.redirectUris.length === 0) throw badRequest("An OAuth client needs at least one redirect URI.");
  for (const uri of input.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw badRequest(`The redirect URI "${uri}" ${problem}.`);
  }
  const clientId = randomSecret(12);
  const clientSecret = randomSecret(24);
  const client = await db.oAuthClient.create({
    data: {
      clientId,
      clientSecretHash: sha256(clientSecret),
      name: input.name.trim(),
      redirectUris: input.redirectUris,
    },
  });
  return { id: client.id, name: client.name, clientId, clientSecret, redirectUris: client.redirectUris };
}
