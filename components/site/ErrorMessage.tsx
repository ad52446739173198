"use client";

import { useEffect } from "react";
import { RibbonMark } from "./RibbonMark";

type Props = {
  /** Next's digest of the server error: the only detail a person sees, to quote when reporting it. */
  digest?: string;
  /** Renders the failed part of the page again, fetched anew from the server. */
  retry: () => void;
  /** Shows the mark above the message, where no header does. */
  withMark?: boolean;
};

/** What every error page says: it's on our side, try again, or go home. */
export function ErrorMessage({ digest, retry, withMark = false }: Props) {
  // The failed page's own title is already in <head> (and a <title> here would come after it).
  useEffect(() => {
    document.title = "Something went wrong — Ribbon";
  }, []);
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      {withMark && <RibbonMark className="mx-auto mb-6 h-12 w-12" />}
      <p className="text-sm font-semibold uppercase tracking-wide text-ribbon-dark">Error</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Something went wrong on our side</h1>
      <p className="mt-4 text-stone-700">It&apos;s not something you did. Try again in a moment.</p>
      {digest && (
        <p className="mt-2 text-sm text-stone-600">
          If it keeps failing, quote this reference: <code>{digest}</code>
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={retry} className="button-primary">
          Try again
        </button>
        {/* A full page load, leaving whatever broke in this page's client state behind. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- on purpose, see above */}
        <a href="/" className="button-secondary">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
