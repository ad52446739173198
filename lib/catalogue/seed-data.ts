// Ribbon global catalogue: collections, card designs and logos used to seed the database.
// Artwork lives in public/catalogue/** and is referenced by site-relative URL.

export type SeedVariant = { name: string; size?: string; color?: string };
export type SeedProduct = {
  slug: string;
  /** Where it can go (ISO 3166-1 alpha-2): one of the fulfilment zones below. */
  shipsTo: readonly string[];
  name: string;
  description: string;
  imageUrl: string;
  variants?: SeedVariant[];
  /**
   * The colours of the picture's body, its main one first (the product's own colour, a variant's),
   * then its shades: a variant of another colour is shown in the picture painted in it
   * (lib/catalogue/variant-art.ts). Every product with colour variants has them.
   */
  tints?: readonly string[];
};
export type SeedCollection = {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  imageUrl: string;
  products: SeedProduct[];
};
export type SeedDesign = { slug: string; name: string; hasLogo: boolean; imageUrl: string; thumbnailUrl: string };
export type SeedLogo = { slug: string; name: string; imageUrl: string; isDefault: boolean };

const APPAREL_SIZES = ["S", "M", "L", "XL"] as const;

/** Every size in every colour, named like "M / Navy". */
function sizesInColors(...colors: string[]): SeedVariant[] {
  return colors.flatMap((color) => APPAREL_SIZES.map((size) => ({ name: `${size} / ${color}`, size, color })));
}

/** Colour-only variants, named after the colour. */
function colors(...names: string[]): SeedVariant[] {
  return names.map((color) => ({ name: color, color }));
}

/** Size-only variants, named after the size. */
function sizes(...names: string[]): SeedVariant[] {
  return names.map((size) => ({ name: size, size }));
}

/*
 * Where the seeded products can go. These are Ribbon's own fulfilment choices for its
 * illustrative catalogue (the brands are illustrative too), not a carrier's or a vendor's
 * published list: a deployment replaces them with what its warehouses really deliver.
 * Country codes are ISO 3166-1 alpha-2 (lib/format/countries.ts checks every one:
 * lib/catalogue/seed.test.ts). docs/international.md says how to change them.
 *
 * - BASE: where the catalogue already went before products said where they ship (the address
 *   form's eleven countries); every seeded product reaches them.
 * - GOODS (mugs, textiles, paper, bags): BASE, the rest of the EU (all 27 members, one customs
 *   union with one set of import rules: lib/duties/rules.ts) and the EFTA
 *   countries served from the EU warehouse, and the parcel lanes to Brazil, Mexico, New Zealand,
 *   Singapore and South Korea.
 * - FOOD: BASE and the single market only: food crosses fewer borders (Brazil, Mexico, New
 *   Zealand, Singapore, South Korea, Switzerland and Norway each want their own import paperwork).
 * - ELECTRONICS (the charging pad, CE and FCC marked): BASE and the single market.
 * - FRAGILE_OR_FLAMMABLE (candle, reed diffuser, bath salts): BASE only, by ground or the carriers
 *   that take them.
 * - LIVE_PLANTS (the succulent): the United States and Canada only (plant health rules).
 */
const BASE = ["US", "CA", "GB", "IE", "DE", "FR", "NL", "BE", "ES", "AU", "JP"] as const;
const SINGLE_MARKET = [
  ...["AT", "DK", "FI", "IT", "LU", "PT", "SE", "PL", "CZ"],
  ...["BG", "HR", "CY", "EE", "GR", "HU", "LV", "LT", "MT", "RO", "SK", "SI"],
] as const;
const GOODS = [...BASE, ...SINGLE_MARKET, "CH", "NO", "BR", "MX", "NZ", "SG", "KR"] as const;
const FOOD = [...BASE, ...SINGLE_MARKET] as const;
const ELECTRONICS = [...BASE, ...SINGLE_MARKET] as const;
const FRAGILE_OR_FLAMMABLE = BASE;
const LIVE_PLANTS = ["US", "CA"] as const;

export const seedCollections: SeedCollection[] = [
  {
    slug: "coffee-lovers",
    name: "Coffee Lovers",
    description:
      "Everything for a slow, delicious morning brew: freshly roasted single-origin beans, a ceramic pour-over set and a travel mug for the commute. Finished with twice-baked almond biscotti for dunking.",
    priceCents: 4800,
    imageUrl: "/catalogue/collections/coffee-lovers.svg",
    products: [
      {
        slug: "single-origin-coffee-beans",
        shipsTo: FOOD,
        name: "Single-Origin Coffee Beans",
        description:
          "250 g of whole-bean Ethiopian Yirgacheffe from a small-batch roaster, with bright notes of blueberry, jasmine and dark chocolate.",
        imageUrl: "/catalogue/products/single-origin-coffee-beans.svg",
      },
      {
        slug: "ceramic-pour-over-set",
        shipsTo: GOODS,
        name: "Ceramic Pour-Over Set",
        description:
          "A hand-glazed ceramic dripper paired with a 600 ml glass carafe for a clean, balanced cup every time.",
        imageUrl: "/catalogue/products/ceramic-pour-over-set.svg",
      },
      {
        slug: "insulated-travel-mug",
        shipsTo: GOODS,
        name: "Insulated Travel Mug",
        description:
          "Double-walled stainless steel keeps coffee hot for six hours, with a leak-proof lid that fits most cup holders. 350 ml.",
        imageUrl: "/catalogue/products/insulated-travel-mug.svg",
        tints: ["#E8505B"],
        variants: colors("Coral", "Charcoal", "Sage"),
      },
      {
        slug: "speckled-stoneware-mug",
        shipsTo: GOODS,
        name: "Speckled Stoneware Mug",
        description: "A generous 400 ml mug, thrown and glazed by hand in a small studio, so no two are exactly alike.",
        imageUrl: "/catalogue/products/speckled-stoneware-mug.svg",
      },
      {
        slug: "almond-biscotti",
        shipsTo: FOOD,
        name: "Almond Biscotti",
        description: "Crunchy, twice-baked Tuscan biscotti studded with toasted almonds. Made for dunking.",
        imageUrl: "/catalogue/products/almond-biscotti.svg",
      },
    ],
  },
  {
    slug: "tea-time",
    name: "Tea Time",
    description:
      "A calming afternoon ritual in a box: a trio of loose-leaf teas, a glass teapot with infuser and something sweet on the side.",
    priceCents: 3900,
    imageUrl: "/catalogue/collections/tea-time.svg",
    products: [
      {
        slug: "loose-leaf-tea-trio",
        shipsTo: FOOD,
        name: "Loose-Leaf Tea Trio",
        description:
          "Three tins of whole-leaf tea: Earl Grey with cornflower, Japanese sencha and a caffeine-free rooibos chai.",
        imageUrl: "/catalogue/products/loose-leaf-tea-trio.svg",
      },
      {
        slug: "glass-teapot",
        shipsTo: GOODS,
        name: "Glass Teapot with Infuser",
        description:
          "A heat-resistant borosilicate teapot with a removable stainless-steel infuser. Brews up to four cups.",
        imageUrl: "/catalogue/products/glass-teapot.svg",
      },
      {
        slug: "wildflower-honey",
        shipsTo: FOOD,
        name: "Raw Wildflower Honey",
        description:
          "Unfiltered honey from a family-run apiary, with a beechwood dipper for stirring it straight into your cup.",
        imageUrl: "/catalogue/products/wildflower-honey.svg",
      },
      {
        slug: "porcelain-cup-and-saucer",
        shipsTo: GOODS,
        name: "Porcelain Cup & Saucer",
        description: "Fine porcelain with a soft sage band, elegant enough for guests and sturdy enough for every day.",
        imageUrl: "/catalogue/products/porcelain-cup-and-saucer.svg",
      },
      {
        slug: "butter-shortbread",
        shipsTo: FOOD,
        name: "Butter Shortbread Tin",
        description: "Classic all-butter Scottish shortbread rounds, baked crisp and packed in a keepsake tartan tin.",
        imageUrl: "/catalogue/products/butter-shortbread.svg",
      },
    ],
  },
  {
    slug: "wellness-and-calm",
    name: "Wellness & Calm",
    description:
      "A thoughtful kit for unwinding after a busy week, with a lavender candle, mineral bath salts and everything needed for a proper night's sleep.",
    priceCents: 6500,
    imageUrl: "/catalogue/collections/wellness-and-calm.svg",
    products: [
      {
        slug: "lavender-soy-candle",
        shipsTo: FRAGILE_OR_FLAMMABLE,
        name: "Lavender Soy Candle",
        description:
          "Hand-poured soy wax scented with French lavender and chamomile, with around 40 hours of burn time.",
        imageUrl: "/catalogue/products/lavender-soy-candle.svg",
      },
      {
        slug: "eucalyptus-bath-salts",
        shipsTo: FRAGILE_OR_FLAMMABLE,
        name: "Eucalyptus Bath Salts",
        description:
          "Dead Sea and Epsom salts blended with eucalyptus and peppermint essential oils to soothe tired muscles.",
        imageUrl: "/catalogue/products/eucalyptus-bath-salts.svg",
      },
      {
        slug: "silk-sleep-mask",
        shipsTo: GOODS,
        name: "Mulberry Silk Sleep Mask",
        description:
          "Pure mulberry silk that blocks out the light and is gentle on skin, with a soft adjustable strap.",
        imageUrl: "/catalogue/products/silk-sleep-mask.svg",
        tints: ["#F4A6A0"],
        variants: colors("Blush", "Midnight", "Sage"),
      },
      {
        slug: "eco-yoga-mat",
        shipsTo: GOODS,
        name: "Eco Yoga Mat",
        description:
          "A 4 mm natural-rubber mat with a grippy surface and a carry strap, made for home practice or the studio.",
        imageUrl: "/catalogue/products/eco-yoga-mat.svg",
        tints: ["#8DB596", "#A9CBB1"],
        variants: colors("Sage", "Lavender", "Ocean"),
      },
      {
        slug: "gratitude-journal",
        shipsTo: GOODS,
        name: "Gratitude Journal",
        description: "A linen-bound guided journal with five-minute daily prompts for a calmer, more positive routine.",
        imageUrl: "/catalogue/products/gratitude-journal.svg",
      },
    ],
  },
  {
    slug: "desk-upgrade",
    name: "Desk Upgrade",
    description:
      "Practical, beautiful upgrades for the home or office desk, from a fast wireless charger to a walnut organizer that finally tames the clutter.",
    priceCents: 8900,
    imageUrl: "/catalogue/collections/desk-upgrade.svg",
    products: [
      {
        slug: "wireless-charging-pad",
        shipsTo: ELECTRONICS,
        name: "Wireless Charging Pad",
        description:
          "A slim 15 W Qi charger with a soft-touch finish that works with recent phones and wireless earbuds.",
        imageUrl: "/catalogue/products/wireless-charging-pad.svg",
      },
      {
        slug: "dot-grid-notebook",
        shipsTo: GOODS,
        name: "Dot-Grid Notebook",
        description:
          "An A5 linen-covered notebook with 192 pages of 100 gsm dotted paper, a ribbon marker and an elastic closure.",
        imageUrl: "/catalogue/products/dot-grid-notebook.svg",
        tints: ["#2F3E66"],
        variants: colors("Navy", "Terracotta", "Sage"),
      },
      {
        slug: "brass-ballpoint-pen",
        shipsTo: GOODS,
        name: "Brass Ballpoint Pen",
        description: "A weighty solid-brass pen that develops a warm patina over time. Ships with a spare refill.",
        imageUrl: "/catalogue/products/brass-ballpoint-pen.svg",
      },
      {
        slug: "potted-succulent",
        shipsTo: LIVE_PLANTS,
        name: "Potted Succulent",
        description: "A hardy echeveria in a terracotta pot: the easiest way to bring a little life to any desk.",
        imageUrl: "/catalogue/products/potted-succulent.svg",
      },
      {
        slug: "walnut-desk-organizer",
        shipsTo: GOODS,
        name: "Walnut Desk Organizer",
        description:
          "A solid walnut tidy with compartments for pens and sticky notes, plus a slot that doubles as a phone stand.",
        imageUrl: "/catalogue/products/walnut-desk-organizer.svg",
      },
    ],
  },
  {
    slug: "sweet-treats",
    name: "Sweet Treats",
    description:
      "A crowd-pleasing box of small-batch sweets, from sea-salt dark chocolate to hand-piped French macarons.",
    priceCents: 3200,
    imageUrl: "/catalogue/collections/sweet-treats.svg",
    products: [
      {
        slug: "sea-salt-dark-chocolate",
        shipsTo: FOOD,
        name: "Sea Salt Dark Chocolate",
        description: "A 70% single-origin dark chocolate bar finished with flakes of sea salt.",
        imageUrl: "/catalogue/products/sea-salt-dark-chocolate.svg",
      },
      {
        slug: "salted-caramels",
        shipsTo: FOOD,
        name: "Salted Butter Caramels",
        description: "Soft, chewy caramels slow-cooked in copper pots and individually wrapped in wax paper.",
        imageUrl: "/catalogue/products/salted-caramels.svg",
      },
      {
        slug: "french-macarons",
        shipsTo: FOOD,
        name: "French Macarons",
        description: "Delicate almond macarons in pistachio, raspberry, lavender and lemon, packed in a keepsake box.",
        imageUrl: "/catalogue/products/french-macarons.svg",
      },
      {
        slug: "caramel-popcorn",
        shipsTo: FOOD,
        name: "Caramel Popcorn",
        description: "Crunchy small-batch popcorn coated in butter caramel with a pinch of sea salt.",
        imageUrl: "/catalogue/products/caramel-popcorn.svg",
      },
      {
        slug: "honey-stroopwafels",
        shipsTo: FOOD,
        name: "Honey Stroopwafels",
        description: "Thin Dutch waffle cookies filled with honey caramel. Best warmed on top of a hot drink.",
        imageUrl: "/catalogue/products/honey-stroopwafels.svg",
      },
    ],
  },
  {
    slug: "outdoor-adventure",
    name: "Outdoor Adventure",
    description:
      "Trail-ready gear for weekend explorers: a warm quarter-zip fleece, an insulated bottle and a picnic blanket for the summit.",
    priceCents: 12500,
    imageUrl: "/catalogue/collections/outdoor-adventure.svg",
    products: [
      {
        slug: "insulated-water-bottle",
        shipsTo: GOODS,
        name: "Insulated Water Bottle",
        description:
          "A 750 ml vacuum-insulated steel bottle that keeps drinks cold for 24 hours, with a carry-loop cap.",
        imageUrl: "/catalogue/products/insulated-water-bottle.svg",
        tints: ["#2E6B55"],
        variants: colors("Forest", "Glacier", "Sunset"),
      },
      {
        slug: "quarter-zip-fleece",
        shipsTo: GOODS,
        name: "Quarter-Zip Fleece",
        description:
          "A midweight recycled-polyester fleece with a stand-up collar, ideal for layering on chilly hikes.",
        imageUrl: "/catalogue/products/quarter-zip-fleece.svg",
        tints: ["#4A4E69"],
        variants: sizesInColors("Charcoal", "Navy"),
      },
      {
        slug: "enamel-camp-mug",
        shipsTo: GOODS,
        name: "Enamel Camp Mug",
        description:
          "A classic enamel mug with a mountain print, tough enough for the campfire and charming enough for the office.",
        imageUrl: "/catalogue/products/enamel-camp-mug.svg",
      },
      {
        slug: "packable-picnic-blanket",
        shipsTo: GOODS,
        name: "Packable Picnic Blanket",
        description: "A water-resistant plaid blanket that rolls up neatly and carries by its leather strap.",
        imageUrl: "/catalogue/products/packable-picnic-blanket.svg",
      },
      {
        slug: "summit-trail-mix",
        shipsTo: FOOD,
        name: "Summit Trail Mix",
        description: "A hearty mix of roasted almonds, cashews, dried cranberries and dark chocolate chunks.",
        imageUrl: "/catalogue/products/summit-trail-mix.svg",
      },
    ],
  },
  {
    slug: "cozy-home",
    name: "Cozy Home",
    description:
      "Everything for a perfect night in: a chunky knit throw, a soft organic hoodie, merino socks and rich hot cocoa.",
    priceCents: 9800,
    imageUrl: "/catalogue/collections/cozy-home.svg",
    products: [
      {
        slug: "chunky-knit-throw",
        shipsTo: GOODS,
        name: "Chunky Knit Throw",
        description: "A hand-knitted throw in an irresistibly soft cotton blend, 130 × 170 cm.",
        imageUrl: "/catalogue/products/chunky-knit-throw.svg",
        tints: ["#E8D8BF", "#D2BE9A"],
        variants: colors("Oatmeal", "Blush", "Charcoal"),
      },
      {
        slug: "organic-cotton-hoodie",
        shipsTo: GOODS,
        name: "Organic Cotton Hoodie",
        description: "A heavyweight brushed-fleece hoodie in certified organic cotton, with a roomy kangaroo pocket.",
        imageUrl: "/catalogue/products/organic-cotton-hoodie.svg",
        tints: ["#9EA2AF", "#B9BCC6", "#7E8292", "#A9ADB9"],
        variants: sizesInColors("Heather Grey", "Oatmeal"),
      },
      {
        slug: "merino-lounge-socks",
        shipsTo: GOODS,
        name: "Merino Lounge Socks",
        description: "Cushioned merino wool socks that keep feet warm without overheating.",
        imageUrl: "/catalogue/products/merino-lounge-socks.svg",
        variants: sizes("S/M", "L/XL"),
      },
      {
        slug: "hot-cocoa-kit",
        shipsTo: FOOD,
        name: "Hot Cocoa Kit",
        description: "Rich Belgian cocoa layered with chocolate chips and mini marshmallows. Just add hot milk.",
        imageUrl: "/catalogue/products/hot-cocoa-kit.svg",
      },
      {
        slug: "cedar-reed-diffuser",
        shipsTo: FRAGILE_OR_FLAMMABLE,
        name: "Cedar Reed Diffuser",
        description: "A long-lasting reed diffuser with warm notes of cedarwood, amber and vanilla.",
        imageUrl: "/catalogue/products/cedar-reed-diffuser.svg",
      },
    ],
  },
  {
    slug: "welcome-kit",
    name: "Welcome Kit",
    description:
      "Make a great first impression on day one with comfortable, useful essentials for the office and beyond.",
    priceCents: 7500,
    imageUrl: "/catalogue/collections/welcome-kit.svg",
    products: [
      {
        slug: "organic-cotton-tee",
        shipsTo: GOODS,
        name: "Organic Cotton Tee",
        description: "A soft, relaxed-fit crew-neck tee in organic cotton jersey that gets better with every wash.",
        imageUrl: "/catalogue/products/organic-cotton-tee.svg",
        tints: ["#2F3E66"],
        variants: sizesInColors("Navy", "White"),
      },
      {
        slug: "canvas-tote-bag",
        shipsTo: GOODS,
        name: "Canvas Tote Bag",
        description:
          "A sturdy heavyweight canvas tote with long handles and an inside pocket, roomy enough for a laptop.",
        imageUrl: "/catalogue/products/canvas-tote-bag.svg",
        tints: ["#EFE2C8", "#E2D2B2"],
        variants: colors("Natural", "Black"),
      },
      {
        slug: "felt-laptop-sleeve",
        shipsTo: GOODS,
        name: "Felt Laptop Sleeve",
        description: "A wool-felt sleeve with a leather closure tab, sized for 13 to 14 inch laptops.",
        imageUrl: "/catalogue/products/felt-laptop-sleeve.svg",
        tints: ["#A7ABB8"],
        variants: colors("Grey", "Charcoal"),
      },
      {
        slug: "enamel-pin-set",
        shipsTo: GOODS,
        name: "Enamel Pin Set",
        description: "Three hard-enamel pins with gold-tone edges, perfect for backpacks, lanyards and jackets.",
        imageUrl: "/catalogue/products/enamel-pin-set.svg",
      },
      {
        slug: "sticker-pack",
        shipsTo: GOODS,
        name: "Sticker Pack",
        description: "Two sheets of waterproof vinyl stickers for laptops, bottles and notebooks.",
        imageUrl: "/catalogue/products/sticker-pack.svg",
      },
    ],
  },
];

// Designs with hasLogo: true leave a 180x60 slot at the top centre
// (x 210–390, y 24–84 in the 600x400 artwork, marked by <rect id="logo-slot">)
// where the sender's company logo is placed.
export const seedDesigns: SeedDesign[] = [
  {
    slug: "happy-birthday",
    name: "Happy Birthday",
    hasLogo: false,
    imageUrl: "/catalogue/designs/happy-birthday.svg",
    thumbnailUrl: "/catalogue/designs/happy-birthday-thumb.svg",
  },
  {
    slug: "thank-you",
    name: "Thank You",
    hasLogo: true,
    imageUrl: "/catalogue/designs/thank-you.svg",
    thumbnailUrl: "/catalogue/designs/thank-you-thumb.svg",
  },
  {
    slug: "congratulations",
    name: "Congratulations",
    hasLogo: false,
    imageUrl: "/catalogue/designs/congratulations.svg",
    thumbnailUrl: "/catalogue/designs/congratulations-thumb.svg",
  },
  {
    slug: "welcome-aboard",
    name: "Welcome Aboard",
    hasLogo: true,
    imageUrl: "/catalogue/designs/welcome-aboard.svg",
    thumbnailUrl: "/catalogue/designs/welcome-aboard-thumb.svg",
  },
  {
    slug: "happy-holidays",
    name: "Happy Holidays",
    hasLogo: true,
    imageUrl: "/catalogue/designs/happy-holidays.svg",
    thumbnailUrl: "/catalogue/designs/happy-holidays-thumb.svg",
  },
  {
    slug: "work-anniversary",
    name: "Work Anniversary",
    hasLogo: true,
    imageUrl: "/catalogue/designs/work-anniversary.svg",
    thumbnailUrl: "/catalogue/designs/work-anniversary-thumb.svg",
  },
  {
    slug: "get-well-soon",
    name: "Get Well Soon",
    hasLogo: false,
    imageUrl: "/catalogue/designs/get-well-soon.svg",
    thumbnailUrl: "/catalogue/designs/get-well-soon-thumb.svg",
  },
  {
    slug: "good-luck",
    name: "Good Luck",
    hasLogo: false,
    imageUrl: "/catalogue/designs/good-luck.svg",
    thumbnailUrl: "/catalogue/designs/good-luck-thumb.svg",
  },
];

export const seedLogos: SeedLogo[] = [
  { slug: "ribbon", name: "Ribbon", imageUrl: "/catalogue/logos/ribbon.svg", isDefault: true },
  { slug: "acme-rockets", name: "Acme Rockets", imageUrl: "/catalogue/logos/acme-rockets.svg", isDefault: false },
  { slug: "northwind", name: "Northwind", imageUrl: "/catalogue/logos/northwind.svg", isDefault: false },
  { slug: "globex", name: "Globex", imageUrl: "/catalogue/logos/globex.svg", isDefault: false },
];

export type SeedCharity = { slug: string; name: string; logoUrl: string; sentence: string };

/**
 * The charities a recipient may donate a gift to (docs/redemption.md, Donate): illustrative
 * names, like the catalogue's brands; a deployment replaces them with the charities it pays.
 */
export const seedCharities: SeedCharity[] = [
  {
    slug: "clean-water-fund",
    name: "Clean Water Fund",
    logoUrl: "/catalogue/charities/clean-water-fund.svg",
    sentence: "Builds and repairs wells so villages have safe water close to home.",
  },
  {
    slug: "school-meals",
    name: "School Meals Trust",
    logoUrl: "/catalogue/charities/school-meals.svg",
    sentence: "Serves a hot lunch to children at schools where many would otherwise go without.",
  },
  {
    slug: "open-meadows",
    name: "Open Meadows",
    logoUrl: "/catalogue/charities/open-meadows.svg",
    sentence: "Buys and restores meadows and woodland as homes for wild plants and animals.",
  },
  {
    slug: "night-shelter",
    name: "Night Shelter Network",
    logoUrl: "/catalogue/charities/night-shelter.svg",
    sentence: "Gives people without a home a warm bed, a meal and help finding a place to live.",
  },
  {
    slug: "first-books",
    name: "First Books",
    logoUrl: "/catalogue/charities/first-books.svg",
    sentence: "Puts new books in the hands of children who have none of their own.",
  },
];
