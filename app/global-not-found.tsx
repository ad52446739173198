import type { Metadata, Viewport } from "next";
import { NotFoundMessage } from "@/components/site/NotFoundMessage";
import { SiteChrome } from "@/components/site/SiteChrome";
import { siteContext } from "@/lib/site/context";
import { BODY_CLASS, pageTitle, SITE_METADATA, SITE_VIEWPORT } from "@/lib/site/metadata";
import { signOutAction } from "./(site)/sign-out";
import "./globals.css";

export const metadata: Metadata = { ...SITE_METADATA, title: pageTitle("Page not found") };

export const viewport: Viewport = SITE_VIEWPORT;

/**
 * An address no route matches, with the site's header and footer (a site page calling notFound()
 * gets app/(site)/not-found.tsx inside them instead; an unknown gift gets the untie page's own).
 * A global not-found (next.config.mjs) renders outside the root layout, so it brings <html> itself;
 * unlike a root not-found.tsx it is not rendered into every page's payload as the root's fallback.
 */
export default async function GlobalNotFound() {
  const signedIn = Boolean((await siteContext()).actor);
  return (
    <html lang="en" dir="ltr">
      <body className={BODY_CLASS}>
        <SiteChrome signedIn={signedIn} signOut={signOutAction}>
          <NotFoundMessage />
        </SiteChrome>
      </body>
    </html>
  );
}
