"use client";

import { useTranslations } from "./words";
import { useRef, useState } from "react";

import type { ChoiceProduct } from "@/lib/catalogue/queries";
import { variantLabel } from "@/lib/redemption/form-words";

export type { ChoiceProduct };

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
  // The picture of each product in the colour picked in its select (without JavaScript: the product's own).
  const [pictures, setPictures] = useState<Record<number, string>>({});
  return (
    <ul className="mt-3 grid gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4" data-testid={testId}>
      {products.map((p) => {
        const isChosen = chosen === String(p.id);
        const error = isChosen ? variantError : null;
        return (
          <li
            key={p.id}
            className="group relative flex flex-col rounded-xl border-2 border-stone-200 bg-white p-2 has-[input:checked]:border-rose-700 has-[input:focus-visible]:outline has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-rose-800 sm:p-3"
          >
            {/* A phone lists the presents as rows (picture beside the words); wider screens as cards. */}
            <label className="flex cursor-pointer gap-3 sm:block">
              {/* eslint-disable-next-line @next/next/no-img-element -- catalogue SVGs */}
              <img
                src={pictures[p.id] ?? p.imageUrl}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                className="aspect-square size-18 shrink-0 rounded-lg bg-stone-100 sm:size-auto sm:w-full"
              />
              <span className="min-w-0 sm:contents">
                <span className="flex items-start gap-2 sm:mt-2">
                  <input
                    ref={(el) => void (el ? radios.current.set(p.id, el) : radios.current.delete(p.id))}
                    type="radio"
                    name="productId"
                    value={p.id}
                    aria-labelledby={`product-${p.id}-name`}
                    aria-describedby={`product-${p.id}-description`}
                    onChange={() => onChoose(String(p.id))}
                    className="mt-0.5 size-5 shrink-0 accent-rose-700"
                  />
                  {/* Catalogue words in their own direction (English names on an Arabic page). */}
                  <span id={`product-${p.id}-name`} dir="auto" className="block text-sm font-semibold leading-snug">
                    {p.name}
                  </span>
                </span>
                {/* Two lines (a `display` class here would undo the clamp); all of it once chosen.
                    Screen readers always hear the whole description. */}
                <span
                  id={`product-${p.id}-description`}
                  dir="auto"
                  className="mt-1 line-clamp-2 text-xs text-stone-600 group-has-[input:checked]:line-clamp-none sm:text-sm"
                >
                  {p.description}
                </span>
                <span
                  aria-hidden="true"
                  className="mt-1 hidden text-xs font-semibold text-rose-800 group-has-[input:checked]:block"
                >
                  {t("yourChoice")}
                </span>
              </span>
            </label>
            {p.variants.length > 0 && (
              <div className="mt-auto pt-2">
                <label htmlFor={`variant-${p.id}`} className="block text-xs font-medium sm:text-sm">
                  {t(variantLabel(p.variants))} <span className="sr-only">{t("optionFor", { product: p.name })}</span>
                </label>
                <select
                  id={`variant-${p.id}`}
                  name={`variant_${p.id}`}
                  defaultValue=""
                  onChange={(event) => {
                    const picked = p.variants.find((v) => String(v.id) === event.currentTarget.value);
                    setPictures((shown) => ({ ...shown, [p.id]: picked?.imageUrl ?? p.imageUrl }));
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
