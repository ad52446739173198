import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { CountrySelect } from "@/components/forms/CountrySelect";
import { BrandedMessage } from "@/components/untie/BrandedMessage";
import { GiftCard } from "@/components/untie/GiftCard";
import { LocaleRoot } from "@/components/untie/LocaleRoot";
import { Progress } from "@/components/untie/Progress";
import { RecordOpen } from "@/components/RecordOpen";
import { DeclineForm } from "@/components/untie/DeclineForm";
import { DonateForm } from "@/components/untie/DonateForm";
import { RedeemForm } from "@/components/untie/RedeemForm";
import { WordsProvider } from "@/components/untie/words";
import { localPrice, longDate } from "@/lib/format/locale";
import { offerFor, pageCountry } from "@/lib/redemption/offer";
import { countryChoicesIn } from "@/lib/format/countries";
import { countryNameIn } from "@/lib/format/locale";
import { CURRENCY } from "@/lib/money";
import { isolated } from "@/components/untie/isolate";
import { clientMessages, translator, type Locale } from "@/lib/i18n";
import { requestLocale } from "@/lib/site/locale";
import { countFailedGuess } from "@/lib/ratelimit";
import { untieGiftIn, type UntieGift } from "@/lib/gifts/open-gift";
import { untieGift as loadGift } from "@/lib/site/untie-gift";
import type { CharityChoice } from "@/lib/catalogue/charities";
import type { ChoiceProduct } from "@/components/untie/RedeemForm";
import { addressLinesIn } from "@/lib/redemption";
import { addressSchema } from "@/lib/redemption/schema";
import { chooseLanguageAction, declineAction, donateAction, redeemAction } from "./actions";

type Params = { params: Promise<{ token: string }> };
type PageProps = Params & { searchParams: Promise<{ country?: string | string[] }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const gift = await loadGift((await params).token);
  const t = translator(await requestLocale(gift?.locale), "meta");
  return { title: gift ? t("giftTitle", { from: gift.from }) : t("notFoundTitle"), robots: { index: false } };
}

const CHOSEN = ["redeemed", "shipped", "delivered"];

// What the form's client components say: only these namespaces travel to the browser.
const FORM_NAMESPACES = [
  "form",
  "product",
  "address",
  "addressLabel",
  "addressInSentence",
  "errors",
  "note",
  "decline",
  "donate",
] as const;

// Stages the recipient ended (or that ended without them): the page only says so.
const GONE = ["cancelled", "expired", "failed", "declined", "donated"];

/** The recipient's page behind the untie URL: the card, the choice and address form, then the gift's progress. */
export default async function UntiePage({ params, searchParams }: PageProps) {
  const { token } = await params;
  const asked = (await searchParams).country;
  const found = await loadGift(token);
  const locale = await requestLocale(found?.locale);
  // The catalogue's words in the page's language (the sender's own words stay as written).
  const gift = found && untieGiftIn(found, locale);
  return (
    <LocaleRoot
      locale={locale}
      label={translator(locale, "language")("label")}
      change={translator(locale, "language")("change")}
      choose={chooseLanguageAction}
    >
      {gift ? (
        <GiftPage
          gift={gift}
          token={token}
          locale={locale}
          charities={gift.charities}
          swapProducts={gift.swapProducts}
          country={pageCountry({
            asked,
            named: gift.recipientCountry,
            locale,
            acceptLanguage: (await headers()).get("accept-language"),
          })}
        />
      ) : (
        await unknownGift(locale)
      )}
    </LocaleRoot>
  );
}

async function unknownGift(locale: Locale) {
  // Guessing untie links counts against the address, like guessing tokens (lib/ratelimit); a right link always opens.
  if (await countFailedGuess({ headers: await headers() })) return <TooManyAttempts locale={locale} />;
  notFound();
}

type GiftPageProps = {
  gift: UntieGift;
  token: string;
  locale: Locale;
  charities: CharityChoice[];
  swapProducts: ChoiceProduct[];
  /** The country presents are offered for (lib/redemption/offer.ts), or "" for none. */
  country: string;
};

function GiftPage({ gift, token, locale, charities, swapProducts: allSwap, country }: GiftPageProps) {
  if (GONE.includes(gift.stage)) return <Gone gift={gift} locale={locale} />;

  // An email gift not sent yet: only its sender could have the link, and it can't be redeemed before it is sent.
  if (gift.stage === "scheduled" && gift.deliveryMethod === "email") return <NotReady gift={gift} locale={locale} />;

  const t = translator(locale, "choose");
  const chosen = CHOSEN.includes(gift.stage);
  // Only what can reach the country is offered; nothing reaching it → the swap, else the donation.
  const offer = offerFor(gift.collection.products, allSwap, country);
  const countryName = country && countryNameIn(country, locale);
  const countries = countryChoicesIn(locale);
  // A bare GET (a mail scanner) changes nothing: the browser records the opening once the page is shown.
  const opens = gift.stage === "sent" || (gift.stage === "scheduled" && gift.deliveryMethod === "link");
  return (
    <main className="mx-auto max-w-4xl px-4 pb-10 pt-2 sm:px-6">
      {opens && <RecordOpen path={`/untie/${token}/opened`} />}
      {/* The logo once on the first screen: above the card only when the card's design has no slot for it. */}
      {!gift.design?.hasLogo && (
        <div className="mb-4 flex justify-center">
          {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs, no optimisation needed */}
          <img src={gift.logo.imageUrl} alt={gift.logo.name} width={120} height={40} className="h-8 w-auto sm:h-10" />
        </div>
      )}
      <GiftCard
        locale={locale}
        recipientName={gift.recipientName}
        message={gift.message}
        from={gift.from}
        livemode={gift.livemode}
        expiresOn={gift.expiresOn && !chosen ? longDate(gift.expiresOn, locale) : null}
        design={gift.design}
        logo={gift.logo}
      />
      {chosen ? (
        <Chosen gift={gift} locale={locale} />
      ) : (
        <section className="mx-auto mt-8 max-w-4xl" aria-labelledby="choose-heading">
          <h2 id="choose-heading" className="text-xl font-semibold sm:text-2xl">
            {isolated((v) => t("heading", v), { collection: gift.collection.name })}
          </h2>
          <p className="mt-1 text-sm text-stone-700 sm:text-base">
            <bdi>{gift.collection.description}</bdi> {isolated((v) => t("nothingToPay", v), { from: gift.from })}
          </p>
          <p className="mt-2 text-sm" data-testid="ways-out">
            <span className="text-stone-700">{t("otherWays")}</span>{" "}
            {charities.length > 0 && (
              <>
                <a href="#donate-form" className="font-semibold text-rose-800 underline underline-offset-4">
                  {t("toCharity")}
                </a>
                {" · "}
              </>
            )}
            <a href="#decline-form" className="font-semibold text-rose-800 underline underline-offset-4">
              {t("toDecline")}
            </a>
          </p>
          {/* Where it goes decides what is offered: a GET form, so it works without JavaScript. */}
          <form
            method="get"
            action={`/untie/${token}`}
            className="mt-4 flex flex-wrap items-end gap-2 rounded-xl border border-stone-300 bg-white p-3"
            data-testid="deliver-to"
          >
            <div className="min-w-0 grow basis-40">
              <label htmlFor="deliver-to" className="block text-sm font-medium">
                {t("deliverTo")}
              </label>
              <CountrySelect
                id="deliver-to"
                name="country"
                defaultValue={country}
                autoComplete="country"
                className="mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base"
                placeholder={t("chooseCountry")}
                countries={countries}
              />
            </div>
            <button
              type="submit"
              className="rounded-full border-2 border-rose-800 px-4 py-2 font-semibold text-rose-800 hover:bg-rose-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-rose-800"
            >
              {t("showPresents")}
            </button>
            <p className="basis-full text-sm text-stone-700" data-testid="delivering-to">
              {countryName ? t("deliveringTo", { country: countryName }) : t("noCountry")}
            </p>
          </form>
          {offer.fallback && (
            <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="fallback">
              {offer.nothing
                ? t("nothingAtAll", { country: countryName })
                : isolated((v) => t("nothingReaches", { ...v, country: countryName }), {
                    collection: gift.collection.name,
                  })}
            </p>
          )}
          <WordsProvider locale={locale} messages={clientMessages(locale, FORM_NAMESPACES)}>
            {!offer.nothing && (
              <RedeemForm
                secret={token}
                from={gift.from}
                email={gift.email}
                country={country}
                countries={countries}
                products={offer.products}
                swapProducts={offer.swapProducts}
                fallback={offer.fallback}
                action={redeemAction}
              />
            )}
            <DonateForm
              secret={token}
              from={gift.from}
              amount={localPrice(gift.priceCents, CURRENCY, locale)}
              charities={charities}
              offered={offer.nothing}
              action={donateAction}
            />
            <DeclineForm secret={token} from={gift.from} action={declineAction} />
          </WordsProvider>
        </section>
      )}
    </main>
  );
}

function Chosen({ gift, locale }: { gift: UntieGift; locale: Locale }) {
  const t = translator(locale, "chosen");
  const address = addressSchema.safeParse(gift.address);
  const reached = Object.fromEntries(gift.events.map((e) => [e.stage, longDate(e.createdAt, locale)]));
  return (
    <section className="mx-auto mt-12 max-w-xl rounded-2xl bg-white p-6 shadow sm:p-8" aria-labelledby="chosen-heading">
      <h2 id="chosen-heading" className="text-2xl font-semibold">
        {gift.stage === "delivered" ? t("delivered") : gift.stage === "shipped" ? t("shipped") : t("confirmed")}
      </h2>
      {gift.selectedProduct && (
        <div className="mt-6 flex gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs */}
          <img
            src={gift.variant?.imageUrl ?? gift.selectedProduct.imageUrl}
            alt=""
            width={96}
            height={96}
            className="size-24 rounded-lg"
            data-testid="chosen-picture"
          />
          <div>
            <p className="font-semibold" dir="auto" data-testid="chosen-product">
              {gift.selectedProduct.name}
            </p>
            {gift.variant && (
              <p className="text-stone-700" dir="auto">
                {gift.variant.name}
              </p>
            )}
            <p className="mt-1 text-sm text-stone-600" dir="auto">
              {gift.selectedProduct.description}
            </p>
          </div>
        </div>
      )}
      <Progress locale={locale} stage={gift.stage} reached={reached} />
      {gift.trackingNumber && (
        <p className="mt-4 text-sm text-stone-700">
          {t("tracking", { carrier: gift.carrier ?? "" })}{" "}
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
          <h3 className="font-semibold">{t("shippingTo")}</h3>
          {/* The address as the recipient typed it: its own direction, line by line. */}
          <address className="mt-1 not-italic text-stone-700" dir="auto">
            {addressLinesIn(address.data, locale).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
          </address>
          <p className="mt-2 text-sm text-stone-600">{t("updatesTo", { email: address.data.email })}</p>
        </div>
      )}
      {gift.thankYouNote && (
        <div className="mt-6">
          <h3 className="font-semibold">{isolated((v) => t("yourNote", v), { from: gift.from })}</h3>
          <p dir="auto" className="mt-1 whitespace-pre-line text-stone-700">
            {gift.thankYouNote}
          </p>
        </div>
      )}
    </section>
  );
}

function NotReady({ gift, locale }: { gift: UntieGift; locale: Locale }) {
  const t = translator(locale, "gone");
  const later = gift.scheduledAt && gift.scheduledAt > new Date() ? gift.scheduledAt : null;
  return (
    <BrandedMessage title={t("notReadyTitle")}>
      {later ? (
        <p>
          {t.rich("notReadyLater", {
            from: gift.from,
            date: longDate(later, locale),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ) : (
        <p>{isolated((v) => t("notReadySoon", v), { from: gift.from })}</p>
      )}
      <p>{t("notReadyWait")}</p>
    </BrandedMessage>
  );
}

function TooManyAttempts({ locale }: { locale: Locale }) {
  const t = translator(locale, "gone");
  return (
    <BrandedMessage title={t("tooManyTitle")}>
      <p>{t("tooMany")}</p>
    </BrandedMessage>
  );
}

function Gone({ gift, locale }: { gift: UntieGift; locale: Locale }) {
  const t = translator(locale, "gone");
  const from = gift.from;
  if (gift.stage === "cancelled") {
    return (
      <BrandedMessage title={t("cancelledTitle")}>
        <p>{isolated((v) => t("cancelled", v), { from })}</p>
        <p>{isolated((v) => t("cancelledAsk", v), { from })}</p>
      </BrandedMessage>
    );
  }
  if (gift.stage === "donated") {
    return (
      <BrandedMessage title={t("donatedTitle")}>
        <p>{isolated((v) => t("donated", v), { from, charity: gift.donatedTo?.name ?? "" })}</p>
      </BrandedMessage>
    );
  }
  if (gift.stage === "declined") {
    return (
      <BrandedMessage title={t("declinedTitle")}>
        <p>{isolated((v) => t("declined", v), { from })}</p>
      </BrandedMessage>
    );
  }
  const expiresOn = gift.expiresOn;
  if (gift.stage === "expired") {
    return (
      <BrandedMessage title={t("expiredTitle")}>
        <p>
          {expiresOn
            ? isolated((v) => t("expiredOn", { ...v, date: longDate(expiresOn, locale) }), { from })
            : isolated((v) => t("expired", v), { from })}
        </p>
        <p>{isolated((v) => t("expiredAsk", v), { from })}</p>
      </BrandedMessage>
    );
  }
  return (
    <BrandedMessage title={t("failedTitle")}>
      <p>{isolated((v) => t("failed", v), { from })}</p>
      <p>{isolated((v) => t("failedAsk", v), { from })}</p>
    </BrandedMessage>
  );
}
