import { createTranslator } from "next-intl";
import { z } from "zod";
import en from "@/lib/i18n/messages/en.json";
import { hasForbiddenCharacters } from "@/lib/format/text";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { addressRules, countryName, isCountryCode } from "./address-format";
import { MAX_NOTE, ruleWords, type FieldErrors, type RedemptionWords } from "./form-words";

/**
 * The recipient's choice and shipping address. This module is shared by the untie page's
 * form (validation in the browser, loaded once the recipient starts on the form: zod stays out
 * of the page's first scripts) and lib/redemption (validation on the server): keep it free of
 * server code. What the form needs from the start lives in ./form-words.
 */

export { countryName, ADDRESS_COUNTRIES, type CountryCode } from "./address-format";
export { MAX_NOTE, ruleWords, type FieldErrors, type RedemptionWords } from "./form-words";

// In the browser the page's CSP forbids eval: zod's probe for it (`new Function`) would be
// reported as a violation even though zod catches it. The server keeps zod's compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

const english = createTranslator({ locale: "en", messages: en });
export const ENGLISH_WORDS: RedemptionWords = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- keys are built from the catalogue's own names
  t: (key, values) => (english as any)(key, values),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  has: (key) => english.has(key as any),
  country: countryName,
};

function schemasWith(words: RedemptionWords) {
  const { t } = words;
  /** `label`: the field's name (a catalogue key); `inSentence`: its "Enter your …" words, when required. */
  const line = (label: string, max: number, inSentence?: string) => {
    const name = t(label);
    const required = inSentence ? t("errors.required", { field: t(inSentence) }) : undefined;
    const base = z
      .string({ error: required ?? t("errors.notAllowed", { label: name }) })
      .trim()
      .max(max, { error: t("errors.tooLong", { label: name, max }) })
      .refine((v) => !hasForbiddenCharacters(v), {
        error: t("errors.notAllowed", { label: name }),
      });
    return required ? base.min(1, { error: required }) : base;
  };
  // City, region and postal code: which are used, required and how a postal code looks depend on
  // the country (lib/redemption/address-format.ts), checked below once the fields' own checks ran.
  const countryField = (label: string, max: number) => line(label, max).default("");

  /**
   * The address. `given`: as the recipient gives it now, when a phone number is also checked for
   * the address's country (libphonenumber-js, its `max` metadata: the number ranges, not only
   * lengths) and kept as E.164 (`+5511987654321`; a number written with its own `+` country code
   * is taken as it says). Addresses read back from the database are not (`given` false): numbers
   * stored before this check stay readable.
   */
  const addressOf = (given: boolean) =>
    z
      .object({
        fullName: line("address.fullName", 100, "addressInSentence.fullName"),
        line1: line("address.line1", 100, "addressInSentence.line1"),
        line2: line("address.line2", 100).default(""),
        city: countryField("addressLabel.city", 60),
        region: countryField("addressLabel.region", 60),
        postalCode: z
          .string()
          .trim()
          .toUpperCase()
          .max(12, { error: t("errors.tooLong", { label: t("addressLabel.postal"), max: 12 }) })
          .regex(/^([A-Z0-9][A-Z0-9 -]*)?$/, { error: t("errors.postalFormat") })
          .default(""),
        country: z
          .string({ error: t("errors.country") })
          .refine((code) => isCountryCode(code), { error: t("errors.country") }),
        phone: z
          .string()
          .trim()
          .max(30, { error: t("errors.tooLong", { label: t("address.phone"), max: 30 }) })
          .regex(PHONE_OR_NONE, { error: t("errors.phone") })
          .default(""),
        email: z
          .string({ error: t("errors.emailRequired") })
          .trim()
          .min(1, { error: t("errors.emailRequired") })
          .max(254, { error: t("errors.tooLong", { label: t("address.emailShort"), max: 254 }) })
          .pipe(z.email({ error: t("errors.emailInvalid") })),
      })
      .superRefine(
        (a, ctx) => {
          // Before a valid country is chosen the generic rules apply, so every problem still shows at once.
          const rules = addressRules(a.country);
          for (const key of ["city", "region", "postalCode"] as const) {
            const rule = rules[key];
            if (rule?.required && a[key] === "")
              ctx.addIssue({
                code: "custom",
                path: [key],
                message: t("errors.required", { field: ruleWords(words, "addressInSentence", rule) }),
              });
          }
          const postal = rules.postalCode;
          if (
            postal?.pattern &&
            typeof a.postalCode === "string" &&
            a.postalCode !== "" &&
            !postal.pattern.test(a.postalCode)
          ) {
            ctx.addIssue({
              code: "custom",
              path: ["postalCode"],
              message: t("errors.postalForCountry", {
                field: ruleWords(words, "addressInSentence", postal),
                country: words.country(a.country),
                example: postal.example ?? "",
              }),
            });
          }
          if (given && typeof a.phone === "string" && PHONE.test(a.phone) && isCountryCode(a.country)) {
            if (!phoneNumber(a.phone, a.country)?.isValid())
              ctx.addIssue({
                code: "custom",
                path: ["phone"],
                message: t("errors.phoneForCountry", { country: words.country(a.country) }),
              });
          }
        },
        // Also when other fields are wrong, so the form shows every problem at once.
        { when: ({ value }) => typeof value === "object" && value !== null },
      )
      // A field the country doesn't use (filled in before the country changed, or without JavaScript) is dropped.
      .transform((a) => {
        const rules = addressRules(a.country);
        return {
          ...a,
          city: rules.city ? a.city : "",
          region: rules.region ? a.region : "",
          postalCode: rules.postalCode ? a.postalCode : "",
          phone: given && a.phone !== "" ? phoneNumber(a.phone, a.country)!.number : a.phone,
        };
      });
  const address = addressOf(false);
  const givenAddress = addressOf(true);

  const id = (missing: string) =>
    z.union(
      [
        z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,8}$/)
          .transform(Number),
      ],
      { error: missing },
    );

  /** Everything the recipient submits (the secret travels separately). */
  const redemption = z.object({
    productId: id(t("errors.product")),
    variantId: z.union([z.literal("").transform(() => null), z.null(), id(t("errors.option"))]).default(null),
    address: givenAddress,
    thankYouNote: z
      .string()
      .trim()
      // Refused, never cut: the recipient decides what to leave out.
      .max(MAX_NOTE, {
        error: (issue) =>
          typeof issue.input === "string"
            ? t("errors.noteTooLong", { length: issue.input.length, max: MAX_NOTE })
            : t("errors.noteNotAllowed"),
      })
      .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), {
        error: t("errors.noteNotAllowed"),
      })
      .default(""),
  });
  /** The recipient's "No thanks": an optional reason, held to the thank-you note's rules. */
  const decline = z.object({
    reason: z
      .string({ error: t("errors.reasonNotAllowed") })
      .trim()
      // Refused, never cut, like the note.
      .max(MAX_NOTE, {
        error: (issue) =>
          typeof issue.input === "string"
            ? t("errors.reasonTooLong", { length: issue.input.length, max: MAX_NOTE })
            : t("errors.reasonNotAllowed"),
      })
      .refine((v) => !hasForbiddenCharacters(v, { multiline: true }), {
        error: t("errors.reasonNotAllowed"),
      })
      .default(""),
  });
  return { address, redemption, decline };
}

/** What a phone number may be written with: digits, spaces and + ( ) . - */
const PHONE = /^\+?[0-9(][0-9 ().-]{5,29}$/;
const PHONE_OR_NONE = /^(\+?[0-9(][0-9 ().-]{5,29})?$/;

/** A phone number read for an address in `country` (its own `+` code wins), or undefined when it is none. */
const phoneNumber = (phone: string, country: string) =>
  // The metadata's own codes are ISO 3166-1 alpha-2; a code it lacks (AQ, BV…) reads only "+…" numbers.
  parsePhoneNumberFromString(phone, country as Parameters<typeof parsePhoneNumberFromString>[1]);

const built = new WeakMap<RedemptionWords, ReturnType<typeof schemasWith>>();
/** The address and redemption schemas with messages in these words (built once per words object). */
export function redemptionSchemas(words: RedemptionWords) {
  let schemas = built.get(words);
  if (!schemas) built.set(words, (schemas = schemasWith(words)));
  return schemas;
}

/** The schemas with English messages (the server's default, and the tests' reference). */
export const { address: addressSchema, redemption: redemptionSchema } = redemptionSchemas(ENGLISH_WORDS);
export type Address = z.output<typeof addressSchema>;

export type RedemptionInput = z.input<typeof redemptionSchema>;
export type Redemption = z.output<typeof redemptionSchema>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The untie page's form as the schema's input: each product with variants has its own select, `variant_<productId>`. */
export function redemptionFromForm(
  form: FormData,
): Omit<RedemptionInput, "address"> & { address: Record<string, string | undefined> } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  // Without JavaScript, choosing a variant can't tick its product: a single chosen variant names it.
  const chosenVariants = [...form.keys()].filter((name) => /^variant_\d+$/.test(name) && text(name));
  const productId =
    text("productId") ?? (chosenVariants.length === 1 ? chosenVariants[0].slice("variant_".length) : "");
  return {
    productId,
    variantId: /^\d+$/.test(productId) ? (text(`variant_${productId}`) ?? null) : null,
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(field)])),
    thankYouNote: text("thankYouNote") ?? "",
  };
}

export const ADDRESS_FIELDS = [
  "fullName",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "phone",
  "email",
] as const;
