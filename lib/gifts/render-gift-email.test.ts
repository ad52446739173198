import { describe, expect, it } from "vitest";
import { renderGiftEmail, renderGiftEmailDirectly, type GiftForEmail } from "./render-gift-email";
import { CATALOGUE_TRANSLATIONS } from "@/lib/catalogue/translations";

const gift = (overrides: Partial<GiftForEmail> = {}): GiftForEmail => ({
  id: "gft_render_test_1",
  recipientName: "Robin",
  subject: "Alex Sent You A Gift!",
  message: "Thank you for a great year!",
  from: "Alex at Acme",
  expiresOn: new Date("2027-01-31T00:00:00Z"),
  collection: { slug: "snacks", name: "Snacks" },
  design: { id: "confetti", name: "Confetti", imageUrl: "/catalogue/designs/confetti.svg", hasLogo: true },
  logo: { id: 1, name: "Acme", imageUrl: "/catalogue/logos/acme.svg" },
  ...overrides,
});

describe("renderGiftEmail (one render per shared content, recipients filled in)", () => {
  it("gives exactly what a direct render gives, for hostile names and messages", async () => {
    const names = [
      "Robin",
      `<script>alert("x")</script>`,
      `Tom & "Jerry" O'Neil`,
      "$& $1 $$ $'",
      "Zoë 🎁 ק",
      "spaced   out\tname",
      "&amp; already escaped",
    ];
    const messages = ["Thank you!", "<b>not bold</b> & more", "ribbonrecipientname https://ribbon.invalid/untie"];
    for (const [i, recipientName] of names.entries()) {
      for (const message of messages) {
        const input = gift({ id: `gft_render_test_${i}`, recipientName, message });
        expect(await renderGiftEmail(input)).toEqual(await renderGiftEmailDirectly(input));
      }
    }
  });

  it("names the collection and the card in the gift's language; a team's own collection as it is called", async () => {
    const ja = CATALOGUE_TRANSLATIONS.ja;
    const email = await renderGiftEmail(
      gift({
        locale: "ja",
        collection: { slug: "tea-time", name: "Tea Time" },
        design: { id: "thank-you", name: "Thank You", imageUrl: "/catalogue/designs/thank-you.svg", hasLogo: false },
      }),
    );
    expect(email.text).toContain(ja.collections["tea-time"].name);
    expect(email.html).toContain(`alt="${ja.designs["thank-you"].name}"`);
    expect(email.text).not.toContain("Tea Time");
    expect((await renderGiftEmail(gift({ locale: "ja" }))).text).toContain("Snacks");
  });

  it("keeps recipients apart: each email has its own name and untie link only", async () => {
    const [a, b] = await Promise.all([
      renderGiftEmail(gift({ id: "gft_a", recipientName: "Ann" })),
      renderGiftEmail(gift({ id: "gft_b", recipientName: "Ben" })),
    ]);
    const linkOf = (email: { text: string }) => /\/untie\/[\w-]+/.exec(email.text)?.[0];
    expect(a.text).toContain("Hi Ann,");
    expect(b.text).toContain("Hi Ben,");
    expect(a.html + a.text).not.toContain("Ben");
    expect(linkOf(a)).toBe(linkOf(await renderGiftEmailDirectly(gift({ id: "gft_a" }))));
    expect(linkOf(a)).not.toBe(linkOf(b));
    expect(a.html).not.toMatch(/ribbon[0-9a-f]{16}/);
  });

  it("gives each design, sender and date its own render", async () => {
    const plain = await renderGiftEmail(gift({ design: null, from: "Sam" }));
    const withDesign = await renderGiftEmail(gift({ from: "Sam" }));
    expect(plain.html).not.toContain("Confetti");
    expect(withDesign.html).toContain("Confetti");
    expect((await renderGiftEmail(gift({ expiresOn: null }))).text).not.toContain("31 January 2027");
  });
});

describe("the gift email in the gift's locale", () => {
  it("renders in the locale (date included), the cache keeps locales apart, and matches a direct render", async () => {
    const [es, ja, none] = await Promise.all([
      renderGiftEmail(gift({ id: "gft_es", locale: "es" })),
      renderGiftEmail(gift({ id: "gft_ja", locale: "ja" })),
      renderGiftEmail(gift({ id: "gft_none", locale: null })),
    ]);
    expect(es.text).toContain("Hola, Robin:");
    expect(es.text).toContain("Elige antes del 31 de enero de 2027");
    expect(ja.text).toContain("2027年1月31日までにお選びください");
    expect(none.text).toContain("Hi Robin,");
    expect(es).toEqual(await renderGiftEmailDirectly(gift({ id: "gft_es", locale: "es" })));
    // The subject is the gift's own (the sender's, or the contract's default): never translated.
    expect(es.subject).toBe("Alex Sent You A Gift!");
    // A stored value that isn't a locale renders in English.
    expect((await renderGiftEmail(gift({ id: "gft_x", locale: "xx" }))).text).toContain("Hi Robin,");
  });
});
