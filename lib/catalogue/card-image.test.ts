import { beforeAll, describe, expect, it } from "vitest";
import { renderGiftEmail } from "@/lib/gifts/render-gift-email";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { catalogue } from "@/lib/testing/fixtures";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { cardImage, cardImagePath, composeCard, designImage, designImagePath, designInLocale } from "./card-image";
import { catalogueIn } from "./localized";
import { CATALOGUE_TRANSLATIONS } from "./translations";

const t = databaseWithOwner();
beforeAll(() => catalogue(t.db));

describe("the card image of a design with a logo slot", () => {
  it("nests the logo into the 180×60 slot of the 600×400 artwork", () => {
    const svg = composeCard(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400"><rect id="logo-slot"/></svg>',
      '<?xml version="1.0"?><svg viewBox="0 0 240 80" width="240" height="80"><title>Acme</title></svg>',
    );
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 600 400"/);
    expect(svg).toContain('<svg viewBox="0 0 240 80" x="210" y="24" width="180" height="60"');
    expect(svg).not.toContain("<?xml");
  });

  it("is served only for a design that has a slot and a logo that exists", async () => {
    const design = await t.db.design.findFirstOrThrow({ where: { hasLogo: true } });
    const plain = await t.db.design.findFirstOrThrow({ where: { hasLogo: false } });
    const logo = await t.db.logo.findFirstOrThrow({ where: { isDefault: false } });
    const svg = await cardImage(t.db, design.id, logo.id);
    expect(svg).toContain(`x="210" y="24" width="180" height="60"`);
    expect(await cardImage(t.db, plain.id, logo.id)).toBeNull();
    expect(await cardImage(t.db, "../../package.json", logo.id)).toBeNull();
    expect(await cardImage(t.db, design.id, 999999)).toBeNull();
  });

  it("the gift email uses it (no empty box), says what the gift is and until when to choose", async () => {
    const design = await t.db.design.findFirstOrThrow({ where: { hasLogo: true } });
    const logo = await t.db.logo.findFirstOrThrow({ where: { isDefault: false } });
    const email = await renderGiftEmail({
      id: "gft_x",
      recipientName: "Robin",
      subject: "Hi",
      message: "Thanks",
      from: "The People team",
      expiresOn: new Date("2027-01-15T00:00:00Z"),
      collection: { slug: "coffee-lovers", name: "Coffee Lovers" },
      design: { id: design.id, name: design.name, imageUrl: design.imageUrl, hasLogo: true },
      logo: { id: logo.id, name: logo.name, imageUrl: logo.imageUrl },
    });
    expect(email.html).toContain(`http://localhost:3000${cardImagePath(design.id, logo.id)}`);
    expect(email.html).not.toContain(`src="http://localhost:3000${logo.imageUrl}"`); // not shown twice
    expect(email.text).toContain("Coffee Lovers");
    expect(email.text).toContain("Choose by 15 January 2027");
  });
});

describe("the card's own words in the recipient's language", () => {
  const words = CATALOGUE_TRANSLATIONS;
  it("puts each line of the locale in the artwork's <text> lines, smaller when it would not fit, and the title", async () => {
    const english = await readFile(path.join("public", "catalogue/designs/happy-birthday.svg"), "utf8");
    const de = designInLocale(english, "happy-birthday", "de");
    const texts = [...de.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)];
    expect(texts.map((m) => m[2])).toEqual(words.de.designs["happy-birthday"].card);
    expect(de).toContain(`<title>${words.de.designs["happy-birthday"].name}</title>`);
    expect(de).not.toMatch(/Happy|Birthday|Wishing/);
    // Every size at most the English's, and a long line made smaller to fit the 600-wide card.
    const sizes = (svg: string) => [...svg.matchAll(/<text\b[^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    sizes(de).forEach((size, i) => expect(size).toBeLessThanOrEqual(sizes(english)[i]));
    expect(sizes(de)[1]).toBeLessThan(sizes(english)[1]); // "zum Geburtstag!" at 64 px would run off
    // Arabic right to left; the rest of the artwork untouched; English as it is.
    const ar = designInLocale(english, "happy-birthday", "ar");
    expect(ar.match(/direction="rtl"/g)).toHaveLength(3);
    expect(ar.replace(/<text\b[^>]*>[^<]*<\/text>|<title>[^<]*<\/title>/g, "")).toBe(
      english.replace(/<text\b[^>]*>[^<]*<\/text>|<title>[^<]*<\/title>/g, ""),
    );
    expect(designInLocale(english, "happy-birthday", "en")).toBe(english);
    expect(designInLocale(english, "a-teams-own", "ja")).toBe(english);
  });

  it("is served for the design alone and composed with the logo; the page and the email point at it", async () => {
    const design = await t.db.design.findFirstOrThrow({ where: { hasLogo: true } });
    const logo = await t.db.logo.findFirstOrThrow({ where: { isDefault: false } });
    const card = words.ja.designs[design.id].card;
    const alone = (await designImage(t.db, design.id, "ja"))!;
    expect(alone).toContain(card[0]);
    expect(await cardImage(t.db, design.id, logo.id, "ja")).toContain(card[0]);
    expect(await cardImage(t.db, design.id, logo.id)).not.toContain(card[0]);
    expect(await designImage(t.db, "../../package.json", "ja")).toBeNull();
    expect(cardImagePath(design.id, logo.id, "ja")).toBe(`/cards/${design.id}/${logo.id}.ja.svg`);
    expect(catalogueIn("ja").design(design).imageUrl).toBe(designImagePath(design.id, "ja"));
    expect(catalogueIn("en").design(design).imageUrl).toBe(design.imageUrl);
    const email = await renderGiftEmail({
      id: "gft_ja",
      recipientName: "Robin",
      subject: "Hi",
      message: "Thanks",
      from: "The People team",
      expiresOn: null,
      locale: "ja",
      collection: { slug: "coffee-lovers", name: "Coffee Lovers" },
      design: { id: design.id, name: design.name, imageUrl: design.imageUrl, hasLogo: true },
      logo: { id: logo.id, name: logo.name, imageUrl: logo.imageUrl },
    });
    expect(email.html).toContain(`http://localhost:3000${cardImagePath(design.id, logo.id, "ja")}`);
  });
});
