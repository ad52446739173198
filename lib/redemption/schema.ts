import { z } from "zod";
import { addressRules, countryName, SHIP_TO_COUNTRIES, type CountryCode } from "./address-format";

/**
 * The recipient's choice and shipping address. This module is shared by the untie page's
 * form (validation in the browser) and lib/redemption (validation on the server): keep it
 * free of server code.
 */

export { countryName, SHIP_TO_COUNTRIES, type CountryCode } from "./address-format";

// In the browser the page's CSP forbids eval: zod's probe for it (`new Function`) would be
// reported as a violation even though zod catches it. The server keeps zod's compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

const COUNTRY_CODES = SHIP_TO_COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

/** "postal code", "ZIP code", "Eircode": a label inside a sentence. */
const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) && label !== "Eircode" ? label.charAt(0).toLowerCase() + label.slice(1) : label;

// C0/C1 controls, and the bidirectional overrides that can disguise text.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// A lone UTF-16 surrogate is no character (and PostgreSQL refuses it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const line = (label: string, max: number, required = true) => {
  const base = z
    .string({ error: `Enter your ${label.toLowerCase()}` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !CONTROL.test(v) && !LONE_SURROGATE.test(v), {
      error: `${label} contains characters that are not allowed`,
    });
  return required ? base.min(1, { error: `Enter your ${label.toLowerCase()}` }) : base;
};

export const MAX_NOTE = 500;

// City, region and postal code: which are used, required and how a postal code looks depend on
// the country (lib/redemption/address-format.ts), checked below once the fields' own checks ran.
const countryField = (label: string, max: number) => line(label, max, false).default("");

export const addressSchema = z
  .object({
    fullName: line("Full name", 100),
    line1: line("Address line 1", 100),
    line2: line("Address line 2", 100, false).default(""),
    city: countryField("City", 60),
    region: countryField("Region", 60),
    postalCode: z
      .string()
      .trim()
      .toUpperCase()
      .max(12, { error: "Postal code must be at most 12 characters" })
      .regex(/^([A-Z0-9][A-Z0-9 -]*)?$/, { error: "Enter a valid postal code" })
      .default(""),
    country: z.enum(COUNTRY_CODES, { error: "Choose a country we ship to" }),
    phone: z
      .string()
      .trim()
      .max(30, { error: "Phone must be at most 30 characters" })
      .regex(/^(\+?[0-9][0-9 ().-]{5,29})?$/, { error: "Enter a phone number, digits with an optional leading +" })
      .default(""),
    email: z
      .string({ error: "Enter your email address" })
      .trim()
      .min(1, { error: "Enter your email address" })
      .max(254, { error: "Email must be at most 254 characters" })
      .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
  })
  .superRefine(
    (a, ctx) => {
      // Before a valid country is chosen the generic rules apply, so every problem still shows at once.
      const rules = addressRules(a.country);
      for (const key of ["city", "region", "postalCode"] as const) {
        const rule = rules[key];
        if (rule?.required && a[key] === "")
          ctx.addIssue({ code: "custom", path: [key], message: `Enter your ${inSentence(rule.label)}` });
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
          message: `Enter a valid ${inSentence(postal.label)} for ${countryName(a.country)}, like ${postal.example}`,
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
    };
  });

export type Address = z.output<typeof addressSchema>;

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
export const redemptionSchema = z.object({
  productId: id("Choose a present"),
  variantId: z.union([z.literal("").transform(() => null), z.null(), id("Choose an option")]).default(null),
  address: addressSchema,
  thankYouNote: z
    .string()
    .trim()
    // Refused, never cut: the recipient decides what to leave out.
    .max(MAX_NOTE, {
      error: (issue) =>
        `Your note is ${typeof issue.input === "string" ? issue.input.length.toLocaleString("en-US") : "too many"} characters: shorten it to ${MAX_NOTE} or fewer`,
    })
    .refine((v) => !CONTROL_EXCEPT_NEWLINE.test(v) && !LONE_SURROGATE.test(v), {
      error: "Your note contains characters that are not allowed",
    })
    .default(""),
});

export type RedemptionInput = z.input<typeof redemptionSchema>;
export type Redemption = z.output<typeof redemptionSchema>;

/** Field errors keyed by path ("address.postalCode", "productId"): the first problem of each field. */
export type FieldErrors = Record<string, string>;

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
