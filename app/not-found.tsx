import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found — Ribbon" };

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-red-800">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">We couldn&apos;t find that page</h1>
      <p className="mt-4 text-stone-700">
        If you followed a gift link, check that it was copied whole. Otherwise, start from the{" "}
        <Link className="font-medium text-red-800 underline" href="/">
          home page
        </Link>{" "}
        or the{" "}
        <a className="font-medium text-red-800 underline" href="/docs">
          API reference
        </a>
        .
      </p>
    </main>
  );
}
