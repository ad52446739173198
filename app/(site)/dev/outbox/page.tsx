import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { canViewOutbox, listOutbox } from "@/lib/outbox";
import { publicContext } from "@/lib/site/context";
import { simulateEmailEvent } from "./actions";

const SIMULATIONS = [
  ["delivered", "Simulate delivered"],
  ["bounced", "Simulate bounce"],
  ["soft_bounce", "Simulate soft bounce"],
  ["complained", "Simulate complaint"],
] as const;

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Outbox", robots: { index: false } };

const STATUS_STYLE: Record<string, string> = {
  stored: "bg-emerald-100 text-emerald-800",
  sent: "bg-emerald-100 text-emerald-800",
  suppressed: "bg-amber-100 text-amber-800",
  failed: "bg-red-100 text-red-800",
};

/** Links in a message, so the untie or sign-in link is one click away. */
function linksIn(html: string): string[] {
  return [...new Set([...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&")))];
}

/** The local email outbox: every email Ribbon would have sent, newest first. Loopback only; see canViewOutbox. */
export default async function OutboxPage() {
  if (!canViewOutbox(await headers())) notFound();
  const messages = await listOutbox((await publicContext()).db, { limit: 50 });
  return (
    <main className="page-width py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Outbox</h1>
      <p className="mt-2 text-stone-600">
        No email provider is configured (<code>RESEND_API_KEY</code>), so emails are kept here instead of being sent.
        Sandbox gift emails are marked <em>suppressed</em>. The newest 50, newest first;{" "}
        <a className="underline" href="/dev/outbox.json">
          as JSON
        </a>
        .
      </p>
      {messages.length === 0 ? <p className="mt-10 text-stone-500">No emails yet.</p> : null}
      <ol className="mt-8 space-y-6">
        {messages.map((m) => (
          <li key={m.id} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">{m.subject}</h2>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[m.status] ?? "bg-stone-100"}`}
              >
                {m.status}
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-stone-600">
              <dt>To</dt>
              <dd>{m.to}</dd>
              {m.cc ? (
                <>
                  <dt>Cc</dt>
                  <dd>{m.cc}</dd>
                </>
              ) : null}
              <dt>Kind</dt>
              <dd>
                {m.kind}
                {m.giftId ? ` · gift ${m.giftId}` : ""}
              </dd>
              <dt>At</dt>
              <dd>
                <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toISOString()}</time>
              </dd>
              <dt>Delivery</dt>
              <dd data-testid="delivery-status">
                {m.deliveryStatus
                  ? `${m.deliveryStatus}${m.deliveryDetail ? ` (${m.deliveryDetail})` : ""}`
                  : "no word from the provider"}
              </dd>
            </dl>
            {m.status !== "pending" ? (
              <form action={simulateEmailEvent} className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={m.id} />
                {SIMULATIONS.map(([event, label]) => (
                  <button
                    key={event}
                    type="submit"
                    name="event"
                    value={event}
                    className="rounded-md border border-stone-300 px-2 py-1 text-xs hover:bg-stone-100"
                  >
                    {label}
                  </button>
                ))}
              </form>
            ) : null}
            {linksIn(m.html).map((href) => (
              <a key={href} href={href} className="mt-3 block truncate text-sm text-[var(--ribbon)] underline">
                {href}
              </a>
            ))}
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium">Show email</summary>
              {/* The email's own HTML, isolated: no scripts, links open in a new tab. */}
              <iframe
                title={`Email: ${m.subject}`}
                srcDoc={`<base target="_blank">${m.html}`}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                className="mt-3 h-[720px] w-full rounded-lg border border-stone-200"
              />
              <pre className="mt-3 whitespace-pre-wrap rounded-lg bg-stone-100 p-3 text-xs">{m.text}</pre>
            </details>
          </li>
        ))}
      </ol>
    </main>
  );
}
