"use client";

import { useLocale, useTranslations } from "./words";
import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { variantLabel, type FieldErrors } from "@/lib/redemption/form-words";
import { AddressFields } from "./AddressFields";
import { NoteField } from "./NoteField";
import { ProductChoice, type ChoiceProduct } from "./ProductChoice";
import { useRedemptionWords } from "./use-words";

export type { ChoiceProduct } from "./ProductChoice";

/** What the server answers a submission with (a success redirects instead). */
export type RedeemState = { errors?: FieldErrors; refused?: string };

type Props = {
  secret: string;
  from: string;
  products: ChoiceProduct[];
  /** Products of the team's swap collections priced at or below the gift: one more choice, same form. */
  swapProducts?: ChoiceProduct[];
  email: string | null;
  /** The country the address starts on: the page's (the sender's, the recipient's choice or the browser's), or "" for none. */
  country: string;
  /** Every country, named and ordered in the page's language. */
  countries: { code: string; name: string }[];
  /** Nothing of the gift's own collection reaches the country: the swap products are the offer, shown open. */
  fallback?: boolean;
  action: (state: RedeemState, form: FormData) => Promise<RedeemState>;
};

/** Where an error key shows: the selected product's variant select takes `variantId`. */
const fieldId = (key: string, productId: string) =>
  key === "variantId"
    ? `variant-${productId}`
    : key === "productId"
      ? "products"
      : key.replace(/^address\./, "address-");

type Checks = typeof import("@/lib/redemption/schema");

/**
 * The recipient's choice: products as native radio inputs, the shipping address, a note
 * and one Confirm button. The same zod schema as the server checks it before sending (it
 * also works without JavaScript: the server answers with the same errors). The schema (zod)
 * loads when the recipient first touches the form, not with the page: until then, and without
 * JavaScript, the server's answer shows the same errors.
 */
export function RedeemForm({
  secret,
  from,
  products,
  swapProducts = [],
  email,
  country,
  countries,
  fallback = false,
  action,
}: Props) {
  const t = useTranslations("form");
  const locale = useLocale();
  const words = useRedemptionWords();
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [productId, setProductId] = useState("");
  const summary = useRef<HTMLDivElement>(null);
  const checks = useRef<Checks | null>(null);
  const loadChecks = () => {
    if (!checks.current) void import("@/lib/redemption/schema").then((module) => (checks.current = module));
  };
  const errors = clientErrors ?? state.errors ?? {};
  const problems = Object.entries(errors);

  useEffect(() => {
    if (state.errors || state.refused) summary.current?.focus();
  }, [state]);

  /** Checks in the browser when the schema is here, then sends: without a form reset, so a server's errors keep what was typed. */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found = check(form);
    if (Object.keys(found).length > 0) {
      setClientErrors(found);
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setClientErrors(null);
    startTransition(() => formAction(form));
  }

  function check(form: FormData): FieldErrors {
    const schema = checks.current;
    if (!schema) return {}; // not loaded yet: the server checks the same and answers
    const parsed = schema.redemptionSchemas(words).redemption.safeParse(schema.redemptionFromForm(form));
    const found: FieldErrors = parsed.success ? {} : schema.fieldErrors(parsed.error);
    const product = [...products, ...swapProducts].find((p) => String(p.id) === form.get("productId"));
    // The address decides where it goes (the server checks the same: lib/catalogue/ships-to.ts).
    const to = form.get("country");
    if (product && typeof to === "string" && to !== "" && !product.shipsTo.includes(to) && !found["address.country"])
      found.productId = words.t("errors.notDeliverable", { product: product.name, country: words.country(to) });
    if (product && product.variants.length > 0 && !form.get(`variant_${product.id}`)) {
      const option = words.t(`product.${variantLabel(product.variants)}`);
      // A label inside a sentence is lower case, except in German, where nouns keep their capital.
      found.variantId = words.t("errors.optionFor", {
        option: locale === "de" ? option : option.toLocaleLowerCase(locale),
        product: product.name,
      });
    }
    return found;
  }

  const describedBy = (key: string, hint?: string) =>
    [hint, errors[key] ? `${fieldId(key, productId)}-error` : null].filter(Boolean).join(" ") || undefined;
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${fieldId(key, productId)}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form
      action={formAction}
      onSubmit={submit}
      onFocus={loadChecks}
      onChange={loadChecks}
      onPointerDown={loadChecks}
      noValidate
      className="mt-6 space-y-6"
    >
      <input type="hidden" name="secret" value={secret} />
      <input type="hidden" name="locale" value={locale} />
      <div ref={summary} tabIndex={-1} role="alert" className="outline-none">
        {state.refused && !clientErrors && (
          <p className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-800">{state.refused}</p>
        )}
        {problems.length > 0 && (
          <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
            <h2 className="font-semibold">{t("problems", { count: problems.length })}</h2>
            <ul className="mt-2 list-disc ps-5 text-sm">
              {problems.map(([key, message]) => (
                <li key={key}>
                  <a href={`#${fieldId(key, productId)}`} className="underline">
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <fieldset id="products" tabIndex={-1} aria-describedby={describedBy("productId")} data-testid="choice-step">
        <legend className="text-lg font-semibold sm:text-xl">{t("stepChoose")}</legend>
        {error("productId")}
        <ProductChoice
          products={products}
          chosen={productId}
          onChoose={setProductId}
          variantError={errors.variantId ? { id: `variant-${productId}-error`, message: errors.variantId } : null}
          inputClass={input}
        />
        {swapProducts.length > 0 && (
          // Behind one control: the gift's own collection first, the swap for whoever wants more choice.
          // Open when it is the offer: nothing of the gift's own collection reaches the country.
          <details
            className="group/swap mt-4 rounded-xl border border-stone-300 bg-white"
            data-testid="swap"
            open={fallback || undefined}
          >
            <summary className="cursor-pointer list-none rounded-xl px-4 py-3 font-semibold text-rose-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-rose-800 [&::-webkit-details-marker]:hidden">
              <span aria-hidden="true" className="me-2 inline-block group-open/swap:rotate-90 rtl:-scale-x-100">
                ›
              </span>
              {t("seeOther", { count: swapProducts.length })}
            </summary>
            <section className="px-4 pb-4" aria-labelledby="swap-heading">
              <h3 id="swap-heading" className="text-lg font-semibold">
                {t("swapHeading")}
              </h3>
              <p className="mt-1 text-sm text-stone-700">{t("swapNote")}</p>
              <ProductChoice
                products={swapProducts}
                testId="swap-products"
                chosen={productId}
                onChoose={setProductId}
                variantError={errors.variantId ? { id: `variant-${productId}-error`, message: errors.variantId } : null}
                inputClass={input}
              />
            </section>
          </details>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-lg font-semibold sm:text-xl">{t("stepAddress")}</legend>
        <AddressFields
          email={email}
          country={country}
          countries={countries}
          errors={errors}
          describedBy={describedBy}
          error={error}
          inputClass={input}
        />
      </fieldset>

      <fieldset>
        <legend className="text-lg font-semibold sm:text-xl">{t("stepNote")}</legend>
        <NoteField
          from={from}
          invalid={Boolean(errors.thankYouNote)}
          describedBy={describedBy}
          error={error("thankYouNote")}
        />
      </fieldset>

      <Submit pending={pending} pendingText={t("confirming")}>
        {t("confirm")}
      </Submit>
    </form>
  );
}

function Submit({ pending, pendingText, children }: { pending: boolean; pendingText: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-full bg-rose-800 px-8 py-4 text-lg font-bold text-white hover:bg-rose-900 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:opacity-60 sm:w-auto"
    >
      {pending ? pendingText : children}
    </button>
  );
}

const input = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700 ${invalid ? "border-red-700" : "border-stone-400"}`;
