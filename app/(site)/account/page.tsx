import { redirect } from "next/navigation";
import { auth, signOut } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { listActiveTokens } from "@/lib/tokens";
import { listAuthorizedApps } from "@/lib/oauth";
import { DeveloperTokens } from "@/components/DeveloperTokens";
import { WebhookEndpoints } from "@/components/WebhookEndpoints";
import { listEndpointsForUser } from "@/lib/webhooks";
import { revokeApp, revokeTokens, rollTokens } from "./actions";
import { sendTestWebhook } from "./webhook-actions";

export const metadata = { title: "Account" };

export default async function AccountPage() {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) redirect("/signin?callbackUrl=/account");
  const db = await getDb();
  const [user, tokens, apps, endpoints] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true, memberships: { select: { team: { select: { id: true, name: true } } } } } }),
    listActiveTokens(db, userId),
    listAuthorizedApps(db, userId),
    listEndpointsForUser(db, userId),
  ]);

  async function logOut() {
    "use server";
    await signOut({ redirectTo: "/" });
  }

  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <div className="flex items-baseline justify-between">
        <h1 className="text-3xl font-semibold tracking-tight">Your account</h1>
        <form action={logOut}>
          <button className="text-sm text-stone-600 underline">Sign out</button>
        </form>
      </div>
      <p className="mt-2 text-stone-600">
        Signed in as <strong>{user.name ?? user.email}</strong> ({user.email})
      </p>

      <section className="mt-10">
        <h2 className="text-xl font-semibold">Teams</h2>
        {user.memberships.length === 0 ? (
          <p className="mt-2 text-stone-600">You don&apos;t belong to a team yet. Your sandbox token works without one.</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {user.memberships.map(({ team }) => (
              <li key={team.id}>
                {team.name} <code className="text-stone-500">{team.id}</code>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-10">
        <h2 className="text-xl font-semibold">Developer access</h2>
        <p className="mt-2 text-stone-600">
          A live token (<code>rbn_live_…</code>) works with your teams, sends real emails and is charged; a sandbox token
          (<code>rbn_sbox_…</code>) works only in team <code>sandbox</code>: no charges, no emails. How to call the API:{" "}
          <a className="font-medium text-red-800 underline" href="/docs">
            API reference
          </a>
          .
        </p>
        {tokens.length > 0 && (
          <ul className="mt-4 space-y-1 text-sm" data-testid="active-tokens">
            {tokens.map((t) => (
              <li key={t.id}>
                <code>{t.start}…</code> ({t.mode}, created {t.createdAt.toISOString().slice(0, 10)}
                {t.lastUsedAt ? `, last used ${t.lastUsedAt.toISOString().slice(0, 10)}` : ", never used"})
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 flex items-start gap-4">
          <DeveloperTokens hasTokens={tokens.length > 0} roll={rollTokens} />
          {tokens.length > 0 && (
            <form action={revokeTokens}>
              <button className="rounded-full border border-stone-300 px-4 py-2">Revoke both</button>
            </form>
          )}
        </div>
      </section>

      <section className="mt-10">
        <h2 className="text-xl font-semibold">Connected applications</h2>
        <p className="mt-2 text-stone-600">
          Applications you approved act as you with a live credential (your teams, real emails, charges) until you revoke them.
        </p>
        {apps.length === 0 ? (
          <p className="mt-2 text-sm text-stone-500">None.</p>
        ) : (
          <ul className="mt-4 space-y-2 text-sm" data-testid="connected-apps">
            {apps.map((app) => (
              <li key={app.clientId} className="flex items-center gap-4">
                <span>
                  <strong>{app.name}</strong> (since {app.since.toISOString().slice(0, 10)}
                  {app.lastUsedAt ? `, last used ${app.lastUsedAt.toISOString().slice(0, 10)}` : ""})
                </span>
                <form action={revokeApp}>
                  <input type="hidden" name="client" value={app.clientId} />
                  <button className="rounded-full border border-stone-300 px-3 py-1">Revoke</button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <WebhookEndpoints endpoints={endpoints} send={sendTestWebhook} />
    </main>
  );
}
