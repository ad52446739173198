"use client";

import { useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { fieldErrors, MAX_NOTE, redemptionFromForm, redemptionSchema, SHIP_TO_COUNTRIES, type FieldErrors } from "@/lib/redemption/schema";

export type ChoiceProduct = {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
  variants: { id: number; name: string; size: string | null; color: string | null }[];
};

/** What the server answers a submission with (a success redirects instead). */
export type RedeemState = { errors?: FieldErrors; refused?: string };

type Props = {
  secret: string;
  from: string;
  products: ChoiceProduct[];
  email: string | null;
  action: (state: RedeemState, form: FormData) => Promise<RedeemState>;
};

const variantLabel = (variants: ChoiceProduct["variants"]) =>
  variants.every((v) => v.size && v.color) ? "Size and colour" : variants.every((v) => v.color) ? "Colour" : variants.every((v) => v.size) ? "Size" : "Option";

/** Where an error key shows: the selected product's variant select takes `variantId`. */
const fieldId = (key: string, productId: string) => (key === "variantId" ? `variant-${productId}` : key === "productId" ? "products" : key.replace(/^address\./, "address-"));

/**
 * The recipient's choice: products as native radio inputs, the shipping address, a note
 * and one Confirm button. The same zod schema as the server checks it before sending (it
 * also works without JavaScript: the server answers with the same errors).
 */
export function RedeemForm({ secret, from, products, email, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [productId, setProductId] = useState("");
  const summary = useRef<HTMLDivElement>(null);
  const errors = clientErrors ?? state.errors ?? {};
  const problems = Object.entries(errors);

  useEffect(() => {
    if (state.errors || state.refused) summary.current?.focus();
  }, [state]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = redemptionSchema.safeParse(redemptionFromForm(form));
    const found: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
    const product = products.find((p) => String(p.id) === form.get("productId"));
    if (product && product.variants.length > 0 && !form.get(`variant_${product.id}`)) found.variantId = `Choose a ${variantLabel(product.variants).toLowerCase()} for ${product.name}`;
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      requestAnimationFrame(() => summary.current?.focus());
    } else {
      setClientErrors(null);
    }
  }

  const describedBy = (key: string, hint?: string) => [hint, errors[key] ? `${fieldId(key, productId)}-error` : null].filter(Boolean).join(" ") || undefined;
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${fieldId(key, productId)}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[key]}
      </p>
    ) : null;

  const field = (key: AddressField["key"]) => {
    const spec: AddressField = ADDRESS.find((f) => f.key === key)!;
    const name = `address.${key}`;
    return (
      <div className={spec.wide ? "sm:col-span-2" : ""}>
        <label htmlFor={`address-${key}`} className="block text-sm font-medium">
          {spec.label}
          {spec.optional && <span className="font-normal text-stone-600"> (optional)</span>}
        </label>
        <input
          id={`address-${key}`}
          name={key}
          type={spec.type ?? "text"}
          autoComplete={spec.autoComplete}
          maxLength={spec.max}
          defaultValue={key === "email" ? (email ?? "") : undefined}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(name)}
          className={input(Boolean(errors[name]))}
        />
        {error(name)}
      </div>
    );
  };

  return (
    <form action={formAction} onSubmit={validate} noValidate className="mt-10 space-y-10">
      <input type="hidden" name="secret" value={secret} />
      <div ref={summary} tabIndex={-1} role="alert" className="outline-none">
        {state.refused && !clientErrors && <p className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-800">{state.refused}</p>}
        {problems.length > 0 && (
          <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
            <h2 className="font-semibold">
              Please fix {problems.length === 1 ? "this problem" : `these ${problems.length} problems`}:
            </h2>
            <ul className="mt-2 list-disc pl-5 text-sm">
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

      <fieldset id="products" tabIndex={-1} aria-describedby={describedBy("productId")}>
        <legend className="text-xl font-semibold">1. Choose your present</legend>
        {error("productId")}
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="products">
          {products.map((p) => (
            <li key={p.id} className="relative rounded-xl border border-stone-200 bg-white p-4 has-[:checked]:border-rose-700 has-[:checked]:ring-2 has-[:checked]:ring-rose-700">
              <label className="block cursor-pointer">
                <span className="flex items-start gap-3">
                  <input
                    type="radio"
                    name="productId"
                    value={p.id}
                    aria-labelledby={`product-${p.id}-name`}
                    aria-describedby={`product-${p.id}-description`}
                    onChange={() => setProductId(String(p.id))}
                    className="mt-1 size-5 accent-rose-700"
                  />
                  <span>
                    <span id={`product-${p.id}-name`} className="block font-semibold">
                      {p.name}
                    </span>
                    <span id={`product-${p.id}-description`} className="mt-1 block text-sm text-stone-600">
                      {p.description}
                    </span>
                  </span>
                </span>
                {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs */}
                <img src={p.imageUrl} alt="" width={240} height={240} loading="lazy" className="mt-3 aspect-square w-full rounded-lg" />
              </label>
              {p.variants.length > 0 && (
                <div className="mt-3">
                  <label htmlFor={`variant-${p.id}`} className="block text-sm font-medium">
                    {variantLabel(p.variants)} <span className="sr-only">for {p.name}</span>
                  </label>
                  <select
                    id={`variant-${p.id}`}
                    name={`variant_${p.id}`}
                    defaultValue=""
                    aria-invalid={errors.variantId && productId === String(p.id) ? true : undefined}
                    aria-describedby={productId === String(p.id) ? describedBy("variantId") : undefined}
                    className={input(Boolean(errors.variantId && productId === String(p.id)))}
                  >
                    <option value="">Choose…</option>
                    {p.variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.name}
                      </option>
                    ))}
                  </select>
                  {productId === String(p.id) && error("variantId")}
                </div>
              )}
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="text-xl font-semibold">2. Where should we send it?</legend>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {field("fullName")}
          {field("line1")}
          {field("line2")}
          {field("city")}
          {field("region")}
          {field("postalCode")}
          <div>
            <label htmlFor="address-country" className="block text-sm font-medium">
              Country
            </label>
            <select
              id="address-country"
              name="country"
              autoComplete="country"
              defaultValue=""
              aria-invalid={errors["address.country"] ? true : undefined}
              aria-describedby={describedBy("address.country")}
              className={input(Boolean(errors["address.country"]))}
            >
              <option value="">Choose a country…</option>
              {SHIP_TO_COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            {error("address.country")}
          </div>
          {field("phone")}
          {field("email")}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-xl font-semibold">3. Say thank you (optional)</legend>
        <label htmlFor="thankYouNote" className="mt-4 block text-sm font-medium">
          A note to {from}
        </label>
        <textarea
          id="thankYouNote"
          name="thankYouNote"
          rows={4}
          maxLength={MAX_NOTE}
          aria-invalid={errors.thankYouNote ? true : undefined}
          aria-describedby={describedBy("thankYouNote", "thankYouNote-hint")}
          className={input(Boolean(errors.thankYouNote))}
        />
        <p id="thankYouNote-hint" className="mt-1 text-sm text-stone-600">
          Up to {MAX_NOTE} characters. {from} will receive it by email.
        </p>
        {error("thankYouNote")}
      </fieldset>

      <Submit pending={pending}>Confirm my choice</Submit>
    </form>
  );
}

function Submit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-full bg-rose-800 px-8 py-4 text-lg font-bold text-white hover:bg-rose-900 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:opacity-60 sm:w-auto"
    >
      {pending ? "Confirming…" : children}
    </button>
  );
}

const input = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700 ${invalid ? "border-red-700" : "border-stone-400"}`;

type AddressField = { key: string; label: string; autoComplete: string; max: number; wide?: boolean; optional?: boolean; type?: string };

const ADDRESS: AddressField[] = [
  { key: "fullName", label: "Full name", autoComplete: "name", max: 100, wide: true },
  { key: "line1", label: "Address line 1", autoComplete: "address-line1", max: 100, wide: true },
  { key: "line2", label: "Address line 2", autoComplete: "address-line2", max: 100, wide: true, optional: true },
  { key: "city", label: "Town or city", autoComplete: "address-level2", max: 60 },
  { key: "region", label: "State, province or region", autoComplete: "address-level1", max: 60 },
  { key: "postalCode", label: "Postal code", autoComplete: "postal-code", max: 12 },
  { key: "phone", label: "Phone", autoComplete: "tel", max: 30, type: "tel", optional: true },
  { key: "email", label: "Email for shipping updates", autoComplete: "email", max: 254, type: "email" },
];
