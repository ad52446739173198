import type { Tx } from "@/lib/db";
import { randomSecret, sha256 } from "@/lib/crypto";
import { badRequest } from "@/lib/errors";

export type CreateOAuthClientInput = { name: string; redirectUris: string[] };

/** Registers a third-party application. The secret is returned once and stored hashed. */
export async function createOAuthClient(db: Tx, input: CreateOAuthClientInput) {
  if (!input.name.trim()) throw badRequest("An OAuth client needs a name.");
  if (input.redirectUris.length === 0) throw badRequest("An OAuth client needs at least one redirect URI.");
  for (const uri of input.redirectUris) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw badRequest(`"${uri}" is not an absolute URL.`);
    }
    if (url.hash) throw badRequest(`A redirect URI may not have a fragment: ${uri}`);
  }
  const clientId = randomSecret(12);
  const clientSecret = randomSecret(24);
  const client = await db.oAuthClient.create({
    data: { clientId, clientSecretHash: sha256(clientSecret), name: input.name.trim(), redirectUris: input.redirectUris },
  });
  return { id: client.id, name: client.name, clientId, clientSecret, redirectUris: client.redirectUris };
}
