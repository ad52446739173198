import type { Metadata } from "next";
import Link from "next/link";
import { signInPagePath } from "@/lib/auth";
import { outboxActive } from "@/lib/outbox";

export const metadata: Metadata = { title: "Check your email" };
// Whether the outbox is active is known at run time, not at build time.
export const dynamic = "force-dynamic";

type Query = { callbackUrl?: string | string[] };

export default async function CheckEmailPage({ searchParams }: { searchParams: Promise<Query> }) {
  const { callbackUrl } = await searchParams;
  const again = signInPagePath({ callbackUrl: Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl });
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:px-6 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Check your email</h1>
        <p className="mt-3 text-stone-700">We sent you a sign-in link. It works once and expires in an hour.</p>
        {outboxActive() && (
          <p className="mt-6 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            Emails stay on this machine: open the{" "}
            <a className="underline" href="/dev/outbox">
              local outbox
            </a>{" "}
            to find the link.
          </p>
        )}
        <p className="mt-6 text-sm text-stone-600">
          Nothing after a few minutes? Look in your spam folder, or{" "}
          <Link className="link" href={again}>
            send a new link
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
