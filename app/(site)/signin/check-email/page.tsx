import { outboxActive } from "@/lib/delivery";

export const metadata = { title: "Check your email — Ribbon" };
// Whether the outbox is active is known at run time, not at build time.
export const dynamic = "force-dynamic";

export default function CheckEmailPage() {
  return (
    <main className="mx-auto max-w-md px-6 py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Check your email</h1>
      <p className="mt-3 text-stone-600">We sent you a sign-in link. It works once and expires in an hour.</p>
      {outboxActive() && (
        <p className="mt-6 rounded bg-amber-50 px-3 py-2 text-amber-900">
          Emails stay on this machine: open the <a className="underline" href="/dev/outbox">local outbox</a> to find the link.
        </p>
      )}
    </main>
  );
}
