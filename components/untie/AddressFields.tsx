"use client";

import { useEffect, useRef, useState } from "react";
import { addressRules, type FieldRule } from "@/lib/redemption/address-format";
import { ruleWords, type FieldErrors } from "@/lib/redemption/form-words";
import { CountrySelect } from "@/components/forms/CountrySelect";
import { useRedemptionWords } from "./use-words";

type Props = {
  email: string | null;
  /** The country the select starts on ("" for "Choose a country…"). */
  country: string;
  /** Every country, named and ordered in the page's language (the server's order: no second sort to disagree with). */
  countries: { code: string; name: string }[];
  errors: FieldErrors;
  describedBy: (key: string, hint?: string) => string | undefined;
  error: (key: string) => React.ReactNode;
  inputClass: (invalid: boolean) => string;
};

type Field = {
  key: string;
  label: string;
  autoComplete: string;
  max: number;
  required: boolean;
  wide?: boolean;
  type?: string;
  hint?: string;
  inputMode?: "numeric";
};

/**
 * The shipping address. The country comes first: the city, region and postal code fields
 * below follow it (shown or not, their names, required or optional, the postal code's
 * example), with the same rules the server checks (lib/redemption/address-format.ts).
 * Before a country is chosen, and without JavaScript, every field shows with a generic label.
 */
export function AddressFields({ email, country: likely, countries, errors, describedBy, error, inputClass }: Props) {
  // The server renders the generic fields (right for any country without JavaScript); once
  // running, the fields follow the select, which starts on the likely country.
  const [country, setCountry] = useState("");
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => setCountry(select.current?.value ?? ""), []);
  const words = useRedemptionWords();
  const { t } = words;
  const rules = addressRules(country);
  const named = <R extends FieldRule>(rule: R) => ({ ...rule, label: ruleWords(words, "addressLabel", rule) });
  const fields: Field[] = [
    { key: "fullName", label: t("address.fullName"), autoComplete: "name", max: 100, required: true, wide: true },
    { key: "line1", label: t("address.line1"), autoComplete: "address-line1", max: 100, required: true, wide: true },
    { key: "line2", label: t("address.line2"), autoComplete: "address-line2", max: 100, required: false, wide: true },
    ...(rules.city ? [{ key: "city", ...named(rules.city), autoComplete: "address-level2", max: 60 }] : []),
    ...(rules.region ? [{ key: "region", ...named(rules.region), autoComplete: "address-level1", max: 60 }] : []),
    ...(rules.postalCode
      ? [
          {
            key: "postalCode",
            label: ruleWords(words, "addressLabel", rules.postalCode),
            required: rules.postalCode.required,
            autoComplete: "postal-code",
            max: 12,
            hint: rules.postalCode.example ? t("address.example", { example: rules.postalCode.example }) : undefined,
          },
        ]
      : []),
    { key: "phone", label: t("address.phone"), autoComplete: "tel", max: 30, required: false, type: "tel" },
    {
      key: "email",
      label: t("address.email"),
      autoComplete: "email",
      max: 254,
      required: true,
      wide: true,
      type: "email",
    },
  ];

  return (
    // Two columns from a phone up: the short fields (town, region, postal code, phone) pair up.
    <div className="mt-4 grid grid-cols-2 gap-x-3 gap-y-4">
      <div className="col-span-2">
        <label htmlFor="address-country" className="block text-sm font-medium">
          {t("address.country")}
        </label>
        <CountrySelect
          ref={select}
          id="address-country"
          name="country"
          autoComplete="country"
          defaultValue={likely}
          onChange={(event) => setCountry(event.currentTarget.value)}
          aria-required="true"
          aria-invalid={errors["address.country"] ? true : undefined}
          aria-describedby={describedBy("address.country")}
          className={inputClass(Boolean(errors["address.country"]))}
          placeholder={t("address.chooseCountry")}
          countries={countries}
        />
        {error("address.country")}
      </div>
      {fields.map((f) => {
        const name = `address.${f.key}`;
        const hintId = f.hint ? `address-${f.key}-hint` : undefined;
        return (
          // Keyed by field, so a value typed before the country changed stays in its input.
          <div key={f.key} className={f.wide ? "col-span-2" : "min-w-0"}>
            <label htmlFor={`address-${f.key}`} className="block text-sm font-medium">
              {f.label}
              {!f.required && <span className="font-normal text-stone-600"> {t("address.optional")}</span>}
            </label>
            <input
              id={`address-${f.key}`}
              name={f.key}
              type={f.type ?? "text"}
              autoComplete={f.autoComplete}
              maxLength={f.max}
              defaultValue={f.key === "email" ? (email ?? "") : undefined}
              aria-required={f.required ? true : undefined}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describedBy(name, hintId)}
              className={inputClass(Boolean(errors[name]))}
            />
            {hintId && (
              <p id={hintId} className="mt-1 text-sm text-stone-600">
                {f.hint}
              </p>
            )}
            {error(name)}
          </div>
        );
      })}
    </div>
  );
}
