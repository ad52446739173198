"use client";

import { useLocale, useTranslations } from "./words";
import { useMemo } from "react";
import { countryNameIn } from "@/lib/format/locale";
import type { RedemptionWords } from "@/lib/redemption/form-words";

/** The form's words in the page's language (the provider's messages), for its labels and the schema's messages. */
export function useRedemptionWords(): RedemptionWords {
  const t = useTranslations();
  const locale = useLocale();
  return useMemo(
    () => ({
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- keys are built from the catalogue's own names
      t: (key, values) => (t as any)(key, values),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      has: (key) => t.has(key as any),
      country: (code) => countryNameIn(code, locale),
    }),
    [t, locale],
  );
}
