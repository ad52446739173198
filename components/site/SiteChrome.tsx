"use client";
// A client component for its markup's sake: the HTML carries that markup, the RSC payload only the props.

import type { ReactNode } from "react";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

type Props = { signedIn: boolean; signOut: () => Promise<void>; children: ReactNode };

/** Every page of the site (not the recipient's gift pages): a skip link, the header, the page, the footer. */
export function SiteChrome({ signedIn, signOut, children }: Props) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-stone-900 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader signedIn={signedIn} signOut={signOut} />
      <div id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
