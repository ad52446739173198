import type { ReactNode } from "react";
import { SiteChrome } from "@/components/site/SiteChrome";
import { auth } from "@/lib/auth";
import { signOutAction } from "./sign-out";

/** The site's pages get the header and footer; the recipient's gift pages (/untie) keep their own look. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const signedIn = Boolean((await auth())?.user);
  return (
    <SiteChrome signedIn={signedIn} signOut={signOutAction}>
      {children}
    </SiteChrome>
  );
}
