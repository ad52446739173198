import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db";
import { RecordOpen } from "@/components/RecordOpen";
import { findGiftByUntieToken } from "@/lib/gifts/open-gift";

export const metadata: Metadata = { title: "Your gift — Ribbon", robots: { index: false } };

const GONE: Record<string, string> = {
  cancelled: "This gift was cancelled by its sender.",
  expired: "This gift has expired.",
  failed: "This gift could not be delivered. Ask its sender to send it again.",
};

/** The recipient's page behind the untie URL: the card, and the collection to choose from. */
export default async function UntiePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const gift = await findGiftByUntieToken(db, token);
  if (!gift) notFound();
  if (GONE[gift.stage]) {
    return (
      <main className="mx-auto max-w-xl px-6 py-20 text-center">
        <h1 className="text-3xl font-semibold">Sorry</h1>
        <p className="mt-4 text-stone-600">{GONE[gift.stage]}</p>
      </main>
    );
  }
  const chosen = ["redeemed", "shipped", "delivered"].includes(gift.stage);

  return (
    <main className="mx-auto max-w-4xl px-6 py-12">
      <RecordOpen path={`/untie/${token}/opened`} />
      <div className="flex justify-center">
        {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs, no optimisation needed */}
        <img src={gift.logo.imageUrl} alt={gift.logo.name} className="h-10" />
      </div>
      <section className="mx-auto mt-8 max-w-xl overflow-hidden rounded-2xl bg-white shadow">
        {gift.design && (
          <div className="relative">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={gift.design.imageUrl} alt={gift.design.name} className="w-full" />
            {gift.design.hasLogo && (
              // Designs with a logo keep a 180×60 slot at (210, 24) of their 600×400 artwork.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={gift.logo.imageUrl} alt="" className="absolute left-[35%] top-[6%] h-[15%] w-[30%] object-contain" />
            )}
          </div>
        )}
        <div className="space-y-4 p-8">
          <h1 className="text-2xl font-semibold">{gift.recipientName}, you have a gift!</h1>
          <p className="whitespace-pre-line text-stone-700">{gift.message}</p>
          <p className="text-right font-medium text-stone-800">— {gift.from}</p>
        </div>
      </section>

      <section className="mt-12">
        <h2 className="text-xl font-semibold">{chosen ? "You have chosen your gift" : `You will pick one present from ${gift.collection.name}`}</h2>
        <p className="mt-2 text-stone-600">{gift.collection.description}</p>
        {gift.expiresOn && !chosen && <p className="mt-1 text-sm text-stone-500">Choose by {gift.expiresOn.toISOString().slice(0, 10)}.</p>}
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="products">
          {gift.collection.products.map((p) => (
            <li key={p.id} className="rounded-xl border border-stone-200 bg-white p-4">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={p.imageUrl} alt="" className="aspect-square w-full rounded-lg" />
              <h3 className="mt-3 font-semibold">{p.name}</h3>
              <p className="mt-1 text-sm text-stone-600">{p.description}</p>
              {p.variants.length > 0 && <p className="mt-2 text-xs text-stone-500">Options: {p.variants.map((v) => v.name).join(", ")}</p>}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
