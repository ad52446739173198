import { mkdirSync } from "node:fs";
import type { PrismaClient } from "@/lib/db";
import { setCard } from "@/lib/billing";
import { createTeam } from "@/lib/teams/create-team";
import { createDeveloperTokens } from "@/lib/tokens/create-developer-tokens";
import { createOAuthClient } from "@/lib/oauth/create-client";
import { demoCredentialsPath, writePrivateFileAtomically } from "./demo-credentials-file";

export { demoCredentialsPath };

export const DEMO_REDIRECT_URI = "http://localhost:8976/callback";

const DEMO_ACCOUNTS = [
  { email: "alex@acme.test", name: "Alex Rivera", team: "Acme Rockets", card: "4242 4242 4242 4242" },
  { email: "sam@globex.test", name: "Sam Okafor", team: "Globex", card: "4000 0000 0000 0002" }, // declines
];

export type DemoCredentials = {
  base_url: string;
  auth_url: string;
  accounts: { email: string; name: string; teams: string[]; live_token: string; sandbox_token: string }[];
  oauth_client: { client_id: string; client_secret: string; redirect_uri: string };
};

/**
 * On an empty database: two demo accounts, each with a live team (the second team's card
 * declines), developer tokens and an OAuth client, written to `demo-credentials.json`
 * (mode 0600; the account page rewrites an account's tokens when that user rolls or revokes
 * them). Returns null when the database already has users.
 */
export async function createDemoData(
  db: PrismaClient,
  opts: { dataDir: string; appUrl: string },
): Promise<DemoCredentials | null> {
  if ((await db.user.count()) > 0) return null;
  const credentials = await db.$transaction(async (tx) => {
    const accounts: DemoCredentials["accounts"] = [];
    for (const demo of DEMO_ACCOUNTS) {
      const user = await tx.user.create({ data: { email: demo.email, name: demo.name, emailVerified: new Date() } });
      const team = await createTeam(tx, { name: demo.team, ownerId: user.id });
      await setCard(tx, { teamId: team.id, number: demo.card });
      const tokens = await createDeveloperTokens(tx, user.id);
      accounts.push({
        email: user.email,
        name: demo.name,
        teams: [team.id],
        live_token: tokens.live,
        sandbox_token: tokens.sandbox,
      });
    }
    const client = await createOAuthClient(tx, { name: "Demo integration", redirectUris: [DEMO_REDIRECT_URI] });
    return {
      base_url: `${opts.appUrl}/api/v1`,
      auth_url: opts.appUrl,
      accounts,
      oauth_client: { client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: DEMO_REDIRECT_URI },
    };
  });
  mkdirSync(opts.dataDir, { recursive: true });
  await writePrivateFileAtomically(demoCredentialsPath(opts.dataDir), JSON.stringify(credentials, null, 2) + "\n");
  return credentials;
}

/** The "try it" block printed on first start. It names the credentials file instead of printing secrets. */
export function tryItMessage(credentials: DemoCredentials, file: string): string {
  const [first] = credentials.accounts;
  return [
    "",
    "Ribbon demo data is ready. Credentials (tokens, OAuth client): " + file,
    `  Accounts: ${credentials.accounts.map((a) => `${a.email} (team ${a.teams.join(", ")})`).join(", ")}`,
    "  Try it:",
    `    TOKEN=$(node -p 'require("${file}").accounts[0].sandbox_token')`,
    `    curl -s -H "Authorization: Bearer $TOKEN" ${credentials.base_url}/teams`,
    `  Sign in: ${credentials.auth_url}/signin (as ${first.email}; the sign-in link appears at ${credentials.auth_url}/dev/outbox)`,
    "",
  ].join("\n");
}
