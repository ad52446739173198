import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { NamePrompt } from "@/components/account/NameForm";
import { SiteChrome } from "@/components/site/SiteChrome";
import { siteContext } from "@/lib/site/context";
import { SKIP_NAME_COOKIE } from "@/lib/users/display-name";
import { saveNameAction, skipNameAction } from "./name-actions";
import { signOutAction } from "./sign-out";

/** The site's pages get the header and footer; the recipient's gift pages (/untie) keep their own look. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  const user = (await siteContext()).actor?.user ?? null;
  // Someone signed in who never gave a name (a first sign-in) is asked for one, until they give it or skip.
  const askName = Boolean(user) && !user?.name && !(await cookies()).has(SKIP_NAME_COOKIE);
  return (
    <SiteChrome signedIn={Boolean(user)} signOut={signOutAction}>
      {askName && <NamePrompt save={saveNameAction} skip={skipNameAction} />}
      {children}
    </SiteChrome>
  );
}
