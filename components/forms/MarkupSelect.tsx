"use client";

import { useMemo, type ComponentProps } from "react";
import { escapeHtml } from "@/lib/format/html";

export type SelectOption = { value: string; label: string };

type Props = Omit<ComponentProps<"select">, "children" | "dangerouslySetInnerHTML" | "defaultValue" | "value"> & {
  options: readonly SelectOption[];
  /** The starting choice: marked `selected` in the markup too, since without JavaScript nothing else selects it. */
  chosen?: string;
};

/**
 * A select of many options (every country, every time zone) written as its inner HTML, not as
 * React elements: the server renders one string instead of hundreds of elements, and the browser
 * hydrates one element instead of hundreds. The options still travel in the RSC payload once, as
 * this component's props. Script may change the options afterwards (add one, pick one): React
 * leaves the markup alone until the options or the choice change.
 */
export function MarkupSelect({ options, chosen, ...select }: Props) {
  const html = useMemo(
    () =>
      options
        .map(
          (o) =>
            `<option value="${escapeHtml(o.value)}"${o.value === chosen ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
        )
        .join(""),
    [options, chosen],
  );
  return <select {...select} defaultValue={chosen} dangerouslySetInnerHTML={{ __html: html }} />;
}
