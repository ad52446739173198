import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BrandedMessage } from "@/components/untie/BrandedMessage";
import { GiftCard } from "@/components/untie/GiftCard";
import { Progress } from "@/components/untie/Progress";
import { RecordOpen } from "@/components/RecordOpen";
import { RedeemForm } from "@/components/untie/RedeemForm";
import { publicContext } from "@/lib/site/context";
import { countFailedGuess } from "@/lib/ratelimit";
import { findGiftByUntieToken, type UntieGift } from "@/lib/gifts/open-gift";
import { addressLines } from "@/lib/redemption";
import { addressSchema } from "@/lib/redemption/schema";
import { redeemAction } from "./actions";

type Params = { params: Promise<{ token: string }> };

const loadGift = cache(async (token: string) => findGiftByUntieToken((await publicContext()).db, token));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const gift = await loadGift((await params).token);
  return { title: gift ? `Your gift from ${gift.from}` : "Gift not found", robots: { index: false } };
}

const CHOSEN = ["redeemed", "shipped", "delivered"];

const longDate = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The recipient's page behind the untie URL: the card, the choice and address form, then the gift's progress. */
export default async function UntiePage({ params }: Params) {
  const { token } = await params;
  const gift = await loadGift(token);
  if (!gift) {
    // Guessing untie links counts against the address, like guessing tokens (lib/ratelimit); a right link always opens.
    if (await countFailedGuess({ headers: await headers() })) return <TooManyAttempts />;
    notFound();
  }
  if (gift.stage === "cancelled" || gift.stage === "expired" || gift.stage === "failed") return <Gone gift={gift} />;

  // An email gift not sent yet: only its sender could have the link, and it can't be redeemed before it is sent.
  if (gift.stage === "scheduled" && gift.deliveryMethod === "email") return <NotReady gift={gift} />;

  const chosen = CHOSEN.includes(gift.stage);
  // A bare GET (a mail scanner) changes nothing: the browser records the opening once the page is shown.
  const opens = gift.stage === "sent" || (gift.stage === "scheduled" && gift.deliveryMethod === "link");
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {opens && <RecordOpen path={`/untie/${token}/opened`} />}
      <div className="mb-8 flex justify-center">
        {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs, no optimisation needed */}
        <img src={gift.logo.imageUrl} alt={gift.logo.name} width={120} height={40} className="h-10 w-auto" />
      </div>
      <GiftCard
        recipientName={gift.recipientName}
        message={gift.message}
        from={gift.from}
        livemode={gift.livemode}
        expiresOn={gift.expiresOn && !chosen ? longDate(gift.expiresOn) : null}
        design={gift.design}
        logo={gift.logo}
      />
      {chosen ? (
        <Chosen gift={gift} />
      ) : (
        <section className="mx-auto mt-12 max-w-4xl" aria-labelledby="choose-heading">
          <h2 id="choose-heading" className="text-2xl font-semibold">
            Pick one present from {gift.collection.name}
          </h2>
          <p className="mt-2 text-stone-700">
            {gift.collection.description} Nothing to pay: shipping is on {gift.from}.
          </p>
          <RedeemForm
            secret={token}
            from={gift.from}
            email={gift.email}
            products={gift.collection.products}
            action={redeemAction}
          />
        </section>
      )}
    </main>
  );
}

function Chosen({ gift }: { gift: UntieGift }) {
  const address = addressSchema.safeParse(gift.address);
  const reached = Object.fromEntries(gift.events.map((e) => [e.stage, longDate(e.createdAt)]));
  return (
    <section className="mx-auto mt-12 max-w-xl rounded-2xl bg-white p-6 shadow sm:p-8" aria-labelledby="chosen-heading">
      <h2 id="chosen-heading" className="text-2xl font-semibold">
        {gift.stage === "delivered"
          ? "Your gift has arrived"
          : gift.stage === "shipped"
            ? "Your gift is on its way"
            : "Thank you! Your gift is confirmed"}
      </h2>
      {gift.selectedProduct && (
        <div className="mt-6 flex gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs */}
          <img src={gift.selectedProduct.imageUrl} alt="" width={96} height={96} className="size-24 rounded-lg" />
          <div>
            <p className="font-semibold" data-testid="chosen-product">
              {gift.selectedProduct.name}
            </p>
            {gift.variant && <p className="text-stone-700">{gift.variant.name}</p>}
            <p className="mt-1 text-sm text-stone-600">{gift.selectedProduct.description}</p>
          </div>
        </div>
      )}
      <Progress stage={gift.stage} reached={reached} />
      {gift.trackingNumber && (
        <p className="mt-4 text-sm text-stone-700">
          {gift.carrier} tracking number{" "}
          {gift.trackingUrl ? (
            <a
              href={gift.trackingUrl}
              className="font-mono font-semibold text-rose-800 underline"
              data-testid="tracking-number"
            >
              {gift.trackingNumber}
            </a>
          ) : (
            <span className="font-mono font-semibold" data-testid="tracking-number">
              {gift.trackingNumber}
            </span>
          )}
        </p>
      )}
      {address.success && (
        <div className="mt-6">
          <h3 className="font-semibold">Shipping to</h3>
          <address className="mt-1 not-italic text-stone-700">
            {addressLines(address.data).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-2 text-sm text-stone-600">Updates go to {address.data.email}.</p>
        </div>
      )}
      {gift.thankYouNote && (
        <div className="mt-6">
          <h3 className="font-semibold">Your note to {gift.from}</h3>
          <p className="mt-1 whitespace-pre-line text-stone-700">{gift.thankYouNote}</p>
        </div>
      )}
    </section>
  );
}

function NotReady({ gift }: { gift: UntieGift }) {
  const later = gift.scheduledAt && gift.scheduledAt > new Date() ? gift.scheduledAt : null;
  return (
    <BrandedMessage title="Your gift isn’t ready yet">
      {later ? (
        <p>
          {gift.from} has a gift for you. You’ll get an email on <strong>{longDate(later)}</strong>, and you can choose
          your present from then.
        </p>
      ) : (
        <p>
          {gift.from} has a gift for you. Your gift email is on its way: you can choose your present once it has
          arrived.
        </p>
      )}
      <p>Nothing to do until then: keep this link or wait for the email.</p>
    </BrandedMessage>
  );
}

function TooManyAttempts() {
  return (
    <BrandedMessage title="Too many attempts">
      <p>
        Too many gift links that don&apos;t exist were opened from your network. Wait a few minutes, then open the link
        from your email again.
      </p>
    </BrandedMessage>
  );
}

function Gone({ gift }: { gift: UntieGift }) {
  const sender = gift.from;
  if (gift.stage === "cancelled") {
    return (
      <BrandedMessage title="This gift was cancelled">
        <p>{sender} cancelled this gift, so there is nothing to choose here any more.</p>
        <p>If you think this is a mistake, ask {sender} to send it again.</p>
      </BrandedMessage>
    );
  }
  if (gift.stage === "expired") {
    return (
      <BrandedMessage title="This gift has expired">
        <p>
          The date to choose a present from {sender}
          {gift.expiresOn ? ` was ${longDate(gift.expiresOn)}` : " has passed"}.
        </p>
        <p>Ask {sender} whether they can send it again.</p>
      </BrandedMessage>
    );
  }
  return (
    <BrandedMessage title="This gift could not be delivered">
      <p>Something went wrong delivering your gift from {sender}.</p>
      <p>Ask {sender} to send it again.</p>
    </BrandedMessage>
  );
}
