import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import {
  approveAuthorization,
  checkAuthorizationRequest,
  CONSENT_REFUSALS,
  type ConsentRefusal,
  DEFAULT_MCP_CAPS,
  denyAuthorization,
  type AuthorizationQuery,
} from "@/lib/oauth";
import { publicContext, siteContext } from "@/lib/site/context";
import { describeCaps, parseCaps, type SpendCaps } from "@/lib/billing";
import type { FieldProblem } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { InvalidAuthorization } from "./invalid-authorization";

type Props = { searchParams: Promise<AuthorizationQuery> };

/** The browser's request: a client metadata document's fetch counts against its address. */
const asker = async () => ({ headers: await headers() });

/** The link's check, once per request (title and page). */
const checked = cache(async (query: AuthorizationQuery) =>
  checkAuthorizationRequest((await publicContext()).db, query, undefined, await asker()),
);

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return (await checked(await searchParams)).status === "invalid"
    ? { title: "This authorization link doesn't work", robots: { index: false } }
    : { title: "Authorize an application" };
}

/** Ribbon's own parameter: why the last approval issued nothing (a fixed code; never the application's words). */
const REFUSED = "ribbon_refused";

/** This page's own path and query (without REFUSED), to come back to after signing in or a refusal. */
function selfPath(query: AuthorizationQuery, refused?: ConsentRefusal): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (key !== REFUSED) for (const v of [value ?? []].flat()) params.append(key, v);
  if (refused) params.set(REFUSED, refused);
  return `/oauth2/authorize?${params}`;
}

/** The refusal the link says the last approval met, when it is one of ours. */
function refusalOf(query: AuthorizationQuery): string | null {
  const code = query[REFUSED];
  return typeof code === "string" && Object.hasOwn(CONSENT_REFUSALS, code)
    ? CONSENT_REFUSALS[code as ConsentRefusal]
    : null;
}

/** GET /oauth2/authorize (spec §5.2): sign in, then approve or deny the application. */
export default async function AuthorizePage({ searchParams }: Props) {
  const query = await searchParams;
  const here = selfPath(query);
  const check = await checked(query);
  // An untrusted client or redirect URI: explained before any sign-in (proxy.ts set the 400).
  if (check.status === "invalid") return <InvalidAuthorization reason={check.reason} />;
  const { db, actor } = await siteContext();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
  const person = actor.user;

  // Checked again for this person: the collections a cap names must be ones they may use (else
  // back to the application, never naming them).
  const mine = await checkAuthorizationRequest(db, query, { userId: person.id }, await asker());
  if (mine.status === "invalid") return <InvalidAuthorization reason={mine.reason} />;
  if (mine.status === "redirect") redirect(mine.to);

  const decision = {
    clientId: mine.client.clientId,
    redirectUri: mine.redirectUri,
    state: mine.state,
    codeChallenge: mine.codeChallenge,
    caps: mine.caps,
    resource: mine.resource,
  };
  const refused = refusalOf(query);
  const names = new Map(mine.collections.map((c) => [c.id, c.name]));
  const caps = describeCaps(mine.caps, (id) => names.get(id) ?? `collection ${id}`);
  // An agent (a grant for the MCP server) never holds an uncapped grant: the person sets a cap
  // per gift and per day here (what the application asked for, else Ribbon's defaults), and
  // chooses whether it works in their sandbox (no money) or live.
  const agent = mine.resource === "mcp";
  const offered = {
    perGift: formatMoney(mine.caps?.perGiftCents ?? DEFAULT_MCP_CAPS.perGiftCents),
    daily: formatMoney(mine.caps?.dailyCents ?? DEFAULT_MCP_CAPS.dailyCents),
  };

  // The user comes from the session at the time of the click; the client and redirect URI
  // are checked again by the domain before anything is issued.
  async function approve(form: FormData) {
    "use server";
    const now = await siteContext();
    if (!now.actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);
    let chosen: { caps: SpendCaps | null; mode: "live" | "sandbox" } = { caps: decision.caps, mode: "live" };
    if (agent) {
      const problems: FieldProblem[] = [];
      const caps = parseCaps(
        {
          perGift: form.get("max_per_gift"),
          daily: form.get("max_per_day"),
          monthly: decision.caps?.monthlyCents != null ? formatMoney(decision.caps.monthlyCents) : null,
          collections: decision.caps?.collectionIds ?? null,
        },
        (field) => field,
        problems,
      );
      if (problems.length > 0) redirect(selfPath(query, "caps-unreadable"));
      chosen = { caps, mode: form.get("mode") === "live" ? "live" : "sandbox" };
    }
    const result = await approveAuthorization(
      now.db,
      { ...decision, ...chosen, userId: now.actor.user.id },
      { asker: await asker() },
    );
    redirect(result.status === "redirect" ? result.to : selfPath(query, result.refusal));
  }

  async function deny() {
    "use server";
    const result = await denyAuthorization((await publicContext()).db, decision, await asker());
    redirect(result.status === "redirect" ? result.to : here);
  }

  return (
    <main className="mx-auto max-w-md px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Authorize {mine.client.name}</h1>
      {refused && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          data-testid="consent-refused"
        >
          {refused}
        </p>
      )}
      {!mine.client.verified && (
        <p
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="consent-unverified"
        >
          <strong>Unverified application.</strong> Ribbon has not checked who runs it:{" "}
          {mine.client.registration === "dynamic" ? (
            <>it registered itself with Ribbon dynamically, and its name is its own choice.</>
          ) : (
            <>
              it describes itself at <code className="break-all">{mine.client.host}</code>.
            </>
          )}{" "}
          Approve only if you started this connection yourself.
        </p>
      )}
      <p className="mt-4 text-lg" data-testid="consent">
        <strong>{mine.client.name}</strong>{" "}
        {agent
          ? "is an AI agent asking to send gifts on your behalf, for your teams, within the caps you set below."
          : "wants to create and send gifts on your behalf, for your teams."}
      </p>
      {agent ? null : caps.length > 0 ? (
        <div className="mt-4 rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="consent-caps">
          <p className="font-medium">It may spend:</p>
          <ul className="mt-1 list-disc pl-5">
            {caps.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-stone-600">
            Anything over these is refused, whatever it asks later. Days and months are UTC.
          </p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-stone-700" data-testid="consent-caps">
          It asks for no spending cap: it may spend whatever your teams&apos; budgets allow.
        </p>
      )}
      <p className="mt-3 text-sm text-stone-600">
        Signed in as {person.email}.{" "}
        {agent
          ? "It will act as you until you revoke it on your account page."
          : "It will act as you with a live credential (charges and real emails) until you revoke it."}{" "}
        You&apos;ll be sent back to <code className="break-all">{new URL(mine.redirectUri).origin}</code>.
      </p>
      <div className="mt-8 flex flex-wrap gap-4">
        <form action={approve} className={agent ? "w-full" : undefined}>
          {agent && (
            <fieldset className="mb-6 rounded-lg border border-stone-200 bg-stone-50 p-4" data-testid="consent-caps">
              <legend className="px-1 font-medium">It may spend at most</legend>
              <label className="mt-2 flex items-center justify-between gap-3">
                <span>per gift (USD)</span>
                <input
                  name="max_per_gift"
                  required
                  inputMode="decimal"
                  pattern="\d{1,7}(\.\d{1,2})?"
                  defaultValue={offered.perGift}
                  className="w-32 rounded border border-stone-300 px-2 py-1"
                />
              </label>
              <label className="mt-2 flex items-center justify-between gap-3">
                <span>a day, in all (USD)</span>
                <input
                  name="max_per_day"
                  required
                  inputMode="decimal"
                  pattern="\d{1,7}(\.\d{1,2})?"
                  defaultValue={offered.daily}
                  className="w-32 rounded border border-stone-300 px-2 py-1"
                />
              </label>
              {caps
                .filter((line) => !/per gift|a day/.test(line))
                .map((line) => (
                  <p key={line} className="mt-2 text-sm">
                    and {line}
                  </p>
                ))}
              <p className="mt-3 text-sm text-stone-600">
                Anything over these caps is refused, whatever the agent is told or asks later: only you can change them,
                here, by connecting again. Days are UTC.
              </p>
              <div className="mt-3 space-y-1 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" name="mode" value="sandbox" defaultChecked /> In my sandbox: test gifts, no card,
                  no money, no real emails
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="mode" value="live" /> Live: real gifts, charged to my team&apos;s card
                </label>
              </div>
            </fieldset>
          )}
          <button type="submit" className="rounded-full bg-[var(--ribbon)] px-6 py-2 font-semibold text-white">
            Approve
          </button>
        </form>
        <form action={deny}>
          <button type="submit" className="rounded-full border border-stone-300 px-6 py-2">
            Deny
          </button>
        </form>
      </div>
    </main>
  );
}
