"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** "Select all on this page": ticks (or clears) every gift checkbox of the selection form. Needs JavaScript, so it shows only once it runs. */
export function SelectAllOnPage({ form }: { form: string }) {
  // True in the browser, false in the server's HTML: without JavaScript the buttons are not there.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!ready) return null;
  const boxes = () => [
    ...document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name=gift][form="${form}"]`),
  ];
  return (
    <span className="flex gap-2">
      <button
        type="button"
        className="rounded-full border border-stone-400 px-3 py-1 text-sm"
        onClick={() => boxes().forEach((box) => (box.checked = true))}
      >
        Select all on this page
      </button>
      <button
        type="button"
        className="rounded-full border border-stone-400 px-3 py-1 text-sm"
        onClick={() => boxes().forEach((box) => (box.checked = false))}
      >
        Clear
      </button>
    </span>
  );
}
