import type { Metadata } from "next";
import Link from "next/link";
import { SiteChrome } from "@/components/site/SiteChrome";
import { auth } from "@/lib/auth";
import { signOutAction } from "./(site)/sign-out";

export const metadata: Metadata = { title: "Page not found" };

/** Any unknown address (the gift pages have their own): it renders outside (site)/layout, so it brings the header and footer. */
export default async function NotFound() {
  return (
    <SiteChrome signedIn={Boolean((await auth())?.user)} signOut={signOutAction}>
      <main className="mx-auto max-w-xl px-6 py-20 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-ribbon-dark">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">We couldn&apos;t find that page</h1>
        <p className="mt-4 text-stone-700">
          If you followed a gift link, check that it was copied whole: open it again from your gift email. Otherwise, start from the{" "}
          <Link className="link" href="/">
            home page
          </Link>{" "}
          or the{" "}
          <Link className="link" href="/docs">
            API reference
          </Link>
          .
        </p>
      </main>
    </SiteChrome>
  );
}
