"use client";

import { useMemo, type ComponentProps } from "react";
import { escapeHtml } from "@/lib/format/html";

type Props = Omit<ComponentProps<"select">, "children" | "dangerouslySetInnerHTML"> & {
  /** The first option, value "": "Choose a country…". */
  placeholder: string;
  /** Every country, named and ordered in the page's language. */
  countries: { code: string; name: string }[];
};

/**
 * A select of every country. Its ~250 options are written as the select's inner HTML, not as
 * React elements: the browser then hydrates one element instead of 250 (the untie page has two
 * such selects, two thirds of its elements), and the list travels in the RSC payload once, as
 * the props of the two selects, which receive the same array.
 */
export function CountrySelect({ placeholder, countries, ...select }: Props) {
  // The starting choice is marked in the markup too: without JavaScript nothing else selects it.
  const chosen = select.defaultValue;
  const html = useMemo(
    () =>
      `<option value="">${escapeHtml(placeholder)}</option>` +
      countries
        .map(
          (c) =>
            `<option value="${escapeHtml(c.code)}"${c.code === chosen ? " selected" : ""}>${escapeHtml(c.name)}</option>`,
        )
        .join(""),
    [placeholder, countries, chosen],
  );
  return <select {...select} dangerouslySetInnerHTML={{ __html: html }} />;
}
