import { beforeAll, describe, expect, it } from "vitest";
import { renderGiftEmail } from "@/lib/gifts/render-gift-email";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { catalogue } from "@/lib/testing/fixtures";
import { cardImage, cardImagePath, composeCard } from "./card-image";

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
