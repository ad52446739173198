"use client";

import { useTranslations } from "./words";
import { useState } from "react";
import { MAX_NOTE } from "@/lib/redemption/form-words";

type Props = {
  from: string;
  invalid: boolean;
  describedBy: (key: string, hint?: string) => string | undefined;
  error: React.ReactNode;
};

/**
 * The thank-you note with its limit and a live count. No `maxLength`: a browser would cut a
 * pasted note without a word, so an over-long note is refused (here and by the server) and
 * the recipient shortens it.
 */
export function NoteField({ from, invalid, describedBy, error }: Props) {
  const t = useTranslations("note");
  const [length, setLength] = useState(0);
  const over = length - MAX_NOTE;
  return (
    <>
      <label htmlFor="thankYouNote" className="mt-4 block text-sm font-medium">
        {t("label", { from })}
      </label>
      <textarea
        id="thankYouNote"
        name="thankYouNote"
        rows={3}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        aria-invalid={invalid || over > 0 ? true : undefined}
        aria-describedby={describedBy("thankYouNote", "thankYouNote-hint thankYouNote-count")}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-rose-700 ${invalid || over > 0 ? "border-red-700" : "border-stone-400"}`}
      />
      <div className="mt-1 flex flex-wrap justify-between gap-x-4 text-sm">
        <p id="thankYouNote-hint" className="text-stone-600">
          {t("hint", { max: MAX_NOTE, from })}
        </p>
        <p
          id="thankYouNote-count"
          data-testid="note-count"
          className={over > 0 ? "font-semibold text-red-700" : "text-stone-600"}
        >
          {t("count", { length, max: MAX_NOTE })}
        </p>
      </div>
      {/* Announced only when crossing the limit, not at every key. */}
      <p className="sr-only" aria-live="polite">
        {over > 0 ? t("over", { max: MAX_NOTE }) : ""}
      </p>
      {error}
    </>
  );
}
