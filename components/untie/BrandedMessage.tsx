import type { ReactNode } from "react";

/** A short branded page (cancelled, expired, failed or unknown gift): the Ribbon mark, a heading and what to do next. */
export function BrandedMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-20 text-center">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG */}
      <img src="/catalogue/logos/ribbon.svg" alt="Ribbon" width={120} height={40} className="mx-auto h-10 w-auto" />
      <h1 className="mt-6 text-3xl font-semibold">{title}</h1>
      <div className="mt-4 space-y-3 text-stone-700">{children}</div>
    </main>
  );
}
