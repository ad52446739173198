import { z } from "zod";

/**
 * The recipient's choice and shipping address. This module is shared by the untie page's
 * form (validation in the browser) and lib/redemption (validation on the server): keep it
 * free of server code.
 */

/** The countries we ship to, in the order the form lists them. */
export const SHIP_TO_COUNTRIES = [
  { code: "US", name: "United States", postal: "ZIP code", region: "State" },
  { code: "CA", name: "Canada", postal: "Postal code", region: "Province" },
  { code: "GB", name: "United Kingdom", postal: "Postcode", region: "County" },
  { code: "IE", name: "Ireland", postal: "Eircode", region: "County" },
  { code: "DE", name: "Germany", postal: "Postleitzahl", region: "State" },
  { code: "FR", name: "France", postal: "Code postal", region: "Region" },
  { code: "NL", name: "Netherlands", postal: "Postcode", region: "Province" },
  { code: "BE", name: "Belgium", postal: "Postal code", region: "Province" },
  { code: "ES", name: "Spain", postal: "Código postal", region: "Province" },
  { code: "AU", name: "Australia", postal: "Postcode", region: "State or territory" },
] as const;

export type CountryCode = (typeof SHIP_TO_COUNTRIES)[number]["code"];
const COUNTRY_CODES = SHIP_TO_COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export const countryName = (code: string) => SHIP_TO_COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** Postal code formats where they are well known (after trimming and upper-casing). */
const POSTAL_CODES: Partial<Record<CountryCode, { pattern: RegExp; example: string }>> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: "94103 or 94103-1234" },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, example: "K1A 0B1" },
  GB: { pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, example: "SW1A 1AA" },
  DE: { pattern: /^\d{5}$/, example: "10115" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  NL: { pattern: /^[1-9]\d{3} ?[A-Z]{2}$/, example: "1012 AB" },
  AU: { pattern: /^\d{4}$/, example: "2000" },
  BE: { pattern: /^\d{4}$/, example: "1000" },
  ES: { pattern: /^\d{5}$/, example: "28001" },
  IE: { pattern: /^[A-Z\d]{3} ?[A-Z\d]{4}$/, example: "D02 X285" },
};

/** Countries whose addresses need a state or province. */
const REGION_REQUIRED: ReadonlySet<string> = new Set(["US", "CA", "AU"]);

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
    .refine((v) => !CONTROL.test(v) && !LONE_SURROGATE.test(v), { error: `${label} contains characters that are not allowed` });
  return required ? base.min(1, { error: `Enter your ${label.toLowerCase()}` }) : base;
};

export const MAX_NOTE = 500;

export const addressSchema = z
  .object({
    fullName: line("Full name", 100),
    line1: line("Address line 1", 100),
    line2: line("Address line 2", 100, false).default(""),
    city: line("Town or city", 60),
    region: line("State, province or region", 60, false).default(""),
    postalCode: z
      .string({ error: "Enter your postal code" })
      .trim()
      .toUpperCase()
      .min(1, { error: "Enter your postal code" })
      .max(12, { error: "Postal code must be at most 12 characters" })
      .regex(/^[A-Z0-9][A-Z0-9 -]*$/, { error: "Enter a valid postal code" }),
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
  .superRefine((a, ctx) => {
    const rule = POSTAL_CODES[a.country];
    if (rule && !rule.pattern.test(a.postalCode)) {
      const label = SHIP_TO_COUNTRIES.find((c) => c.code === a.country)!.postal;
      ctx.addIssue({ code: "custom", path: ["postalCode"], message: `Enter a valid ${label} for ${countryName(a.country)}, like ${rule.example}` });
    }
    if (REGION_REQUIRED.has(a.country) && !a.region) {
      ctx.addIssue({ code: "custom", path: ["region"], message: `Enter your ${SHIP_TO_COUNTRIES.find((c) => c.code === a.country)!.region.toLowerCase()}` });
    }
  }, {
    // Also when other fields are wrong, so the form shows every problem at once.
    when: ({ issues, value }) =>
      typeof value === "object" && value !== null && !issues.some((i) => !i.path?.length || ["country", "postalCode", "region"].includes(String(i.path[0]))),
  });

export type Address = z.output<typeof addressSchema>;

const id = (missing: string) =>
  z.union([z.number().int().positive().max(2 ** 31 - 1), z.string().trim().regex(/^[1-9]\d{0,8}$/).transform(Number)], { error: missing });

/** Everything the recipient submits (the secret travels separately). */
export const redemptionSchema = z.object({
  productId: id("Choose a present"),
  variantId: z.union([z.literal("").transform(() => null), z.null(), id("Choose an option")]).default(null),
  address: addressSchema,
  thankYouNote: z
    .string()
    .trim()
    .max(MAX_NOTE, { error: `Your note must be at most ${MAX_NOTE} characters` })
    .refine((v) => !CONTROL_EXCEPT_NEWLINE.test(v) && !LONE_SURROGATE.test(v), { error: "Your note contains characters that are not allowed" })
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
export function redemptionFromForm(form: FormData): Omit<RedemptionInput, "address"> & { address: Record<string, string | undefined> } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const productId = text("productId") ?? "";
  return {
    productId,
    variantId: /^\d+$/.test(productId) ? (text(`variant_${productId}`) ?? null) : null,
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(field)])),
    thankYouNote: text("thankYouNote") ?? "",
  };
}

export const ADDRESS_FIELDS = ["fullName", "line1", "line2", "city", "region", "postalCode", "country", "phone", "email"] as const;
