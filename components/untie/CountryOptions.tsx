"use client";

/**
 * A select's country options. A client component, so the page's two country selects (where the
 * gift goes, the address's country) send the list to the browser once: the server's props, which
 * the RSC payload writes once however many components receive the same array.
 */
export function CountryOptions({ countries }: { countries: { code: string; name: string }[] }) {
  return countries.map((c) => (
    <option key={c.code} value={c.code}>
      {c.name}
    </option>
  ));
}
