"use client";

import { useMemo, type ComponentProps } from "react";
import { MarkupSelect } from "@/components/forms/MarkupSelect";

type Props = Omit<ComponentProps<typeof MarkupSelect>, "options" | "chosen"> & {
  /** The starting choice ("" for the placeholder). */
  defaultValue?: string;
  /** The first option, value "": "Choose a country…". */
  placeholder: string;
  /** Every country, named and ordered in the page's language. */
  countries: { code: string; name: string }[];
};

/**
 * A select of countries, as markup (MarkupSelect): the untie page has two of them, which
 * were two thirds of its elements. The list travels in the RSC payload once, as the props of
 * the two selects, which receive the same array.
 */
export function CountrySelect({ placeholder, countries, defaultValue, ...select }: Props) {
  const options = useMemo(
    () => [{ value: "", label: placeholder }, ...countries.map((c) => ({ value: c.code, label: c.name }))],
    [placeholder, countries],
  );
  return <MarkupSelect {...select} options={options} chosen={defaultValue} />;
}
