import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/site/NotFoundMessage";
import { SiteChrome } from "@/components/site/SiteChrome";
import { siteContext } from "@/lib/site/context";
import { signOutAction } from "./(site)/sign-out";

export const metadata: Metadata = { title: "Page not found" };

/**
 * An address no route matches. It renders outside app/(site)/layout, so it brings the header and
 * footer itself (a site page calling notFound() gets app/(site)/not-found.tsx inside them instead).
 */
export default async function NotFound() {
  return (
    <SiteChrome signedIn={Boolean((await siteContext()).actor)} signOut={signOutAction}>
      <NotFoundMessage />
    </SiteChrome>
  );
}
