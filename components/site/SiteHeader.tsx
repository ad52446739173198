import Link from "next/link";
import { RibbonMark } from "./RibbonMark";

type Props = {
  /** Whether someone is signed in: "Account" and "Sign out", else "Sign in". */
  signedIn: boolean;
  /** The sign-out server action. */
  signOut: () => Promise<void>;
};

const navLink =
  "rounded px-1.5 py-2 text-stone-700 sm:px-2 hover:text-stone-950 hover:underline focus-visible:outline-2 focus-visible:outline-ribbon-dark";

/** The site's header: the mark linking home, the docs, the dashboard and account when signed in, and signing in or out. */
export function SiteHeader({ signedIn, signOut }: Props) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="page-width flex items-center justify-between gap-2 py-2">
        <Link
          href="/"
          className="-ml-1 flex items-center gap-2 rounded px-1 py-1 text-lg font-bold tracking-tight text-stone-900 focus-visible:outline-2 focus-visible:outline-ribbon-dark"
        >
          <RibbonMark className="h-8 w-8" />
          {/* On a phone the mark alone, so the header stays one line. */}
          <span className="sr-only sm:not-sr-only">Ribbon</span>
        </Link>
        {/* The links wrap rather than push the page sideways on a narrow phone, in any font. */}
        <nav aria-label="Main">
          <ul className="flex flex-wrap items-center justify-end gap-x-0.5 text-sm font-medium sm:gap-3">
            <li>
              <Link href="/docs" className={navLink}>
                Docs
              </Link>
            </li>
            {signedIn ? (
              <>
                <li>
                  <Link href="/dashboard" className={navLink}>
                    Dashboard
                  </Link>
                </li>
                <li>
                  <Link href="/account" className={navLink}>
                    Account
                  </Link>
                </li>
                <li>
                  <form action={signOut}>
                    <button type="submit" className={navLink}>
                      Sign out
                    </button>
                  </form>
                </li>
              </>
            ) : (
              <li>
                <Link href="/signin" className="button-primary ml-1 px-4 py-1.5">
                  Sign in
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
