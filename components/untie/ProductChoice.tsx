"use client";

import { useTranslations } from "next-intl";
import { useRef } from "react";

export type ChoiceProduct = {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
  variants: { id: number; name: string; size: string | null; color: string | null }[];
};

/** What a product's variants are (its select's label): a key of the catalogue's `product` words. */
export const variantLabel = (variants: ChoiceProduct["variants"]) =>
  variants.every((v) => v.size && v.color)
    ? "sizeAndColour"
    : variants.every((v) => v.color)
      ? "colour"
      : variants.every((v) => v.size)
        ? "size"
        : "option";

type Props = {
  products: ChoiceProduct[];
  chosen: string;
  onChoose: (productId: string) => void;
  /** The variant error's id and text, shown under the chosen product's select. */
  variantError: { id: string; message: string } | null;
  inputClass: (invalid: boolean) => string;
  /** The list's test id: the swap products are a second list. */
  testId?: string;
};

/**
 * The presents as one group of native radio inputs (Tab reaches the group, the arrow keys move
 * the choice, Space ticks), each card with its own variant select right after its radio, so
 * Tab from the chosen product lands on its options. Only the card whose radio is ticked looks
 * chosen (`:has(input:checked)`: a select's selected option matches `:checked` too, so the
 * selector names the input), and choosing a variant ticks its product.
 */
export function ProductChoice({ products, chosen, onChoose, variantError, inputClass, testId = "products" }: Props) {
  const t = useTranslations("product");
  const radios = useRef(new Map<number, HTMLInputElement>());
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {products.map((p) => {
        const isChosen = chosen === String(p.id);
        const error = isChosen ? variantError : null;
        return (
          <li
            key={p.id}
            className="group relative rounded-xl border-2 border-stone-200 bg-white p-4 has-[input:checked]:border-rose-700 has-[input:focus-visible]:outline has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-800"
          >
            <label className="block cursor-pointer">
              <span className="flex items-start gap-3">
                <input
                  ref={(el) => void (el ? radios.current.set(p.id, el) : radios.current.delete(p.id))}
                  type="radio"
                  name="productId"
                  value={p.id}
                  aria-labelledby={`product-${p.id}-name`}
                  aria-describedby={`product-${p.id}-description`}
                  onChange={() => onChoose(String(p.id))}
                  className="mt-1 size-5 shrink-0 accent-rose-700"
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
              <img
                src={p.imageUrl}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                className="mt-3 aspect-square w-full rounded-lg"
              />
              <span
                aria-hidden="true"
                className="mt-2 hidden text-sm font-semibold text-rose-800 group-has-[input:checked]:block"
              >
                {t("yourChoice")}
              </span>
            </label>
            {p.variants.length > 0 && (
              <div className="mt-3">
                <label htmlFor={`variant-${p.id}`} className="block text-sm font-medium">
                  {t(variantLabel(p.variants))} <span className="sr-only">{t("optionFor", { product: p.name })}</span>
                </label>
                <select
                  id={`variant-${p.id}`}
                  name={`variant_${p.id}`}
                  defaultValue=""
                  onChange={(event) => {
                    if (!event.currentTarget.value) return;
                    const radio = radios.current.get(p.id);
                    if (radio) radio.checked = true;
                    onChoose(String(p.id));
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? error.id : undefined}
                  className={inputClass(Boolean(error))}
                >
                  <option value="">{t("chooseOption")}</option>
                  {p.variants.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.name}
                    </option>
                  ))}
                </select>
                {error && (
                  <p id={error.id} className="mt-1 text-sm font-medium text-red-700">
                    {error.message}
                  </p>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
