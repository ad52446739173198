import { expect, test } from "vitest";
import { LOCALES } from "@/lib/i18n";
import { refusal } from "./redeem";
import { fieldErrors, redemptionSchemas } from "./schema";
import { redemptionWords } from "./words";

const submission = (address: Record<string, string>, note = "") => ({
  productId: "",
  address: { fullName: "", line1: "x", email: "kim@example.test", ...address },
  thankYouNote: note,
});
const errorsIn = (locale: (typeof LOCALES)[number], input: unknown) =>
  fieldErrors(redemptionSchemas(redemptionWords(locale)).redemption.safeParse(input).error!);

test("the schema's messages follow the locale, with the country's field names and the country in that language", () => {
  const input = submission({ country: "US", postalCode: "ABCDE", city: "Springfield", region: "IL" });
  expect(errorsIn("en", input)).toMatchObject({
    productId: "Choose a present",
    "address.fullName": "Enter your full name",
    "address.postalCode": "Enter a valid ZIP code for United States, like 95014",
  });
  expect(errorsIn("es", input)).toMatchObject({
    productId: "Elige un regalo",
    "address.fullName": "Indica tu nombre completo",
    "address.postalCode": "Revisa tu código ZIP: en Estados Unidos tiene la forma 95014",
  });
  expect(errorsIn("de", submission({ country: "DE", postalCode: "1234" }))).toMatchObject({
    "address.fullName": "Bitte geben Sie Ihren vollständigen Namen an",
    "address.city": "Bitte geben Sie Ihren Ort an",
    "address.postalCode": "Bitte prüfen Sie Ihre Postleitzahl (Beispiel für Deutschland: 26133)",
  });
  expect(errorsIn("ja", submission({ country: "JP", postalCode: "100-0001" }))).toMatchObject({
    "address.region": "都道府県を入力してください",
  });
  expect(errorsIn("ar", submission({ country: "FR", postalCode: "75001", city: "Paris" }))).toMatchObject({
    productId: "يرجى اختيار هدية",
  });
});

test("a note over the limit counts its characters in the locale's digits", () => {
  const input = submission({ country: "DE", postalCode: "10115", city: "Berlin" }, "x".repeat(1234));
  expect(errorsIn("en", input).thankYouNote).toBe("Your note is 1,234 characters: shorten it to 500 or fewer");
  expect(errorsIn("de", input).thankYouNote).toBe(
    "Ihre Nachricht hat 1.234 Zeichen: Bitte kürzen Sie sie auf höchstens 500",
  );
});

test("every locale has a message for every problem (no key shows through)", () => {
  for (const locale of LOCALES) {
    const errors = errorsIn(locale, submission({ country: "ZZ", phone: "abc", email: "nope" }, "\u0000"));
    for (const message of Object.values(errors)) expect(message, locale).not.toMatch(/^(errors|address)\./);
    expect(Object.keys(errors).sort()).toEqual(
      [
        "address.city",
        "address.country",
        "address.email",
        "address.fullName",
        "address.phone",
        "address.postalCode",
        "productId",
        "thankYouNote",
      ].sort(),
    );
  }
});

test("refusals in the recipient's language", () => {
  expect(refusal("cancelled", "Acme")).toBe("Acme cancelled this gift, so it can no longer be redeemed.");
  expect(refusal("cancelled", "Acme", redemptionWords("fr"))).toBe(
    "Acme a annulé ce cadeau : il ne peut plus être choisi.",
  );
  expect(refusal("shipped", "Acme", redemptionWords("ja"))).toBe("このギフトはすでに受け取り済みです。");
  expect(refusal("opened", "Acme", redemptionWords("ar"))).toBeNull();
});
