import Link from "next/link";

/** What every "not found" page of the site says, and where to go instead. */
export function NotFoundMessage() {
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-ribbon-dark">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">We couldn&apos;t find that page</h1>
      <p className="mt-4 text-stone-700">
        If you followed a gift link, check that it was copied whole: open it again from your gift email. Otherwise,
        start from the{" "}
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
  );
}
