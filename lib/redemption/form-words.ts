import type { ChoiceProduct } from "@/lib/catalogue/queries";
import type { FieldRule } from "./address-format";

/**
 * What the untie form's browser code and the server's redemption checks share, without zod:
 * the page's scripts stay small (lib/redemption/schema.ts is the server's validation).
 */

export const MAX_NOTE = 500;

/** Field errors keyed by path ("address.postalCode", "productId"): the first problem of each field. */
export type FieldErrors = Record<string, string>;

/**
 * The words of the redemption's messages, in the recipient's language: `t` reads the untie
 * page's catalogue (lib/i18n/messages: `errors`, `address`, `addressLabel`, `addressInSentence`),
 * `has` says whether it holds a key, `country` names a country. The browser passes its next-intl
 * translator, the server one of lib/i18n's.
 */
export type RedemptionWords = {
  t: (key: string, values?: Record<string, string | number>) => string;
  has: (key: string) => boolean;
  country: (code: string) => string;
};

/** A country-dependent field's name: its name type's words, else the metadata's English label. */
export const ruleWords = (words: RedemptionWords, namespace: "addressLabel" | "addressInSentence", rule: FieldRule) =>
  words.has(`${namespace}.${rule.type}`) ? words.t(`${namespace}.${rule.type}`) : rule.label;

/** What a product's variants are (its select's label): a key of the catalogue's `product` words. */
export const variantLabel = (variants: Pick<ChoiceProduct["variants"][number], "size" | "color">[]) =>
  variants.every((v) => v.size && v.color)
    ? "sizeAndColour"
    : variants.every((v) => v.color)
      ? "colour"
      : variants.every((v) => v.size)
        ? "size"
        : "option";
