import { redirect } from "next/navigation";
import { signOut } from "@/lib/auth";
import { siteContext } from "@/lib/site/context";
import { accountOverview } from "@/lib/dashboard/account-overview";
import { DeveloperAccess } from "@/components/account/DeveloperAccess";
import { WebhookEndpoints } from "@/components/WebhookEndpoints";
import { AccountTeams } from "@/components/teams/AccountTeams";
import { NameForm } from "@/components/account/NameForm";
import { saveNameAction } from "../name-actions";
import { lowerAppCapsAction, revokeApp, saveEmailPreferencesAction } from "./actions";
import { ConnectedApps } from "@/components/account/ConnectedApps";
import { changeDeveloperAccess, revokeOldTokens, saveTokenCaps } from "./developer-access-actions";
import { describeCaps } from "@/lib/billing";
import { sendTestWebhook } from "./webhook-actions";
import { createTeamAction } from "./team-actions";
import { ActionForm } from "@/components/teams/ActionForm";
import { ApiKeys } from "@/components/account/ApiKeys";
import { listNamedKeys, MAX_KEY_NAME, MAX_NAMED_KEYS } from "@/lib/tokens";
import { createApiKeyAction, revokeApiKeyAction } from "./api-key-actions";

export const metadata = { title: "Account" };

export default async function AccountPage() {
  const { db, actor } = await siteContext();
  if (!actor) redirect("/signin?callbackUrl=/account");
  const { user } = actor;
  const userId = user.id;
  const now = new Date();
  const [{ tokens, apps, endpoints, teams, collections, preferences }, keys] = await Promise.all([
    accountOverview(db, userId, now),
    listNamedKeys(db, userId),
  ]);
  const liveCaps = tokens.find((t) => t.mode === "live" && !t.expiresAt)?.caps ?? null;
  const names = new Map(collections.map((c) => [c.id, c.name]));
  const capsWords = new Map(
    apps.flatMap((app) =>
      app.grants.map((g) => [g.tokenId, describeCaps(g.caps, (id) => names.get(id) ?? `collection ${id}`)] as const),
    ),
  );

  async function logOut() {
    "use server";
    await signOut({ redirectTo: "/" });
  }

  return (
    <main className="page-width page-narrow py-10">
      <div className="flex items-baseline justify-between">
        <h1 className="text-3xl font-semibold tracking-tight">Your account</h1>
        <form action={logOut}>
          <button className="text-sm text-stone-600 underline">Sign out</button>
        </form>
      </div>
      <p className="mt-2 text-stone-600">
        Signed in as{" "}
        {user.name ? (
          <>
            <strong>{user.name}</strong> ({user.email})
          </>
        ) : (
          <strong>{user.email}</strong>
        )}
      </p>

      <section className="mt-10" aria-labelledby="name-heading">
        <h2 id="name-heading" className="text-xl font-semibold">
          Your name
        </h2>
        <p className="mt-2 text-stone-600">
          Gifts you send (their default subject) and invitations you make show it; without one they show your
          team&apos;s name.
        </p>
        <NameForm save={saveNameAction} current={user.name} />
      </section>

      <section className="mt-10" aria-labelledby="emails-heading">
        <h2 id="emails-heading" className="text-xl font-semibold">
          Emails to you
        </h2>
        <ActionForm
          action={saveEmailPreferencesAction}
          submitLabel="Save email preferences"
          testId="email-preferences"
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <label className="flex basis-full items-start gap-2 text-stone-800">
            <input
              type="checkbox"
              name="gift_outcome"
              defaultChecked={preferences.giftOutcome}
              className="mt-1 size-4 accent-[var(--ribbon)]"
            />
            Email me when a recipient declines a gift I sent or donates its value
          </label>
        </ActionForm>
      </section>

      <AccountTeams teams={teams} create={createTeamAction} />

      <DeveloperAccess
        tokens={tokens}
        now={now}
        change={changeDeveloperAccess}
        revokeOld={revokeOldTokens}
        caps={{
          collections,
          summary: describeCaps(liveCaps, (id) => names.get(id) ?? `collection ${id}`),
          save: saveTokenCaps,
        }}
      />

      <section className="mt-10" aria-labelledby="api-keys-heading">
        <h2 id="api-keys-heading" className="text-xl font-semibold">
          API keys
        </h2>
        <p className="mt-2 text-stone-600">
          A key for each integration, beside your token pair: live or sandbox only, full or read-only, on all your teams
          or one. It acts as you, within those limits; revoke it when the integration goes.
        </p>
        <ApiKeys
          keys={keys}
          teams={teams.map(({ id, name }) => ({ id, name }))}
          now={now}
          maxKeys={MAX_NAMED_KEYS}
          maxName={MAX_KEY_NAME}
          create={createApiKeyAction}
          revoke={revokeApiKeyAction}
        />
      </section>

      <section className="mt-10">
        <h2 className="text-xl font-semibold">Connected applications</h2>
        <p className="mt-2 text-stone-600">
          Applications you approved act as you until you revoke them: with a live grant on your teams (real emails,
          charges), with a sandbox grant in your sandbox (no email, no charge). An AI agent&apos;s grant also carries
          the spending caps you chose.
        </p>
        <ConnectedApps apps={apps} capsWords={capsWords} revoke={revokeApp} lowerCaps={lowerAppCapsAction} />
      </section>

      <WebhookEndpoints endpoints={endpoints} send={sendTestWebhook} />
    </main>
  );
}
