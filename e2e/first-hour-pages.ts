import { expect, type Locator, type Page } from "@playwright/test";
import { fillSendForm, ownerWithTeam, send } from "./dashboard-helpers";

// The pages of a new user's first hour (issue 45), shared by e2e/first-hour-pages.spec.ts (axe and
// keyboard on each) and scripts/screenshots.ts (docs/screenshots/first-hour/). Adding a page is one
// entry in FIRST_HOUR_PAGES.

export const VIEWPORTS = [
  { device: "desktop", width: 1440, height: 900 },
  { device: "phone", width: 390, height: 844 },
] as const;

/** What the pages are opened on: one new owner, made by buildWorld. */
export type World = {
  /** A team with a card and gifts. */
  team: string;
  /** A team just created: no card, no gift. */
  emptyTeam: string;
  /** A link gift of `team`. */
  giftId: string;
  untieEn: string;
  untieAr: string;
};

export type FirstHourPage = {
  /** The screenshots' file name: `<name>-<device>-<before|after>.png`. */
  name: string;
  signedIn: boolean;
  /** Opens the page and brings it to the state to look at. */
  open: (page: Page, world: World) => Promise<void>;
  /** The page's main action: reached by Tab alone from the top of the page. */
  action: (page: Page) => Locator;
  /** At most this many Tab presses to reach it (default 30). */
  tabs?: number;
  /** With the action focused: activates it from the keyboard and checks that it did its thing. */
  activate?: (page: Page, world: World) => Promise<void>;
};

const HEADER = "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method";
const ONE_BAD_ROW = [
  "Ada Lovelace,ada@example.test,Thank you!,The Team,Coffee Lovers,,,,",
  "Grace Hopper,not-an-email,Thanks Grace,The Team,Tea Time,,,,",
];

const openUntie = (url: (world: World) => string) => async (page: Page, world: World) => {
  await page.goto(url(world));
  await expect(page.getByTestId("products")).toBeVisible();
};

const firstProduct = (page: Page) => page.getByTestId("products").getByRole("radio").first();

const checksIt = async (page: Page) => {
  await page.keyboard.press("Space");
  await expect(firstProduct(page)).toBeChecked();
};

export const FIRST_HOUR_PAGES: FirstHourPage[] = [
  {
    name: "home",
    signedIn: false,
    open: async (page) => void (await page.goto("/")),
    action: (page) => page.getByRole("main").getByRole("link", { name: "Sign in" }),
    activate: async (page) => {
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/signin/);
    },
  },
  {
    name: "signin",
    signedIn: false,
    open: async (page) => void (await page.goto("/signin")),
    action: (page) => page.getByRole("button", { name: "Email me a sign-in link" }),
    // Back to the email field, type an address, forward to the button and press it.
    activate: async (page) => {
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.type(`first-hour-${Date.now()}@example.test`);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    },
  },
  {
    name: "team-created",
    signedIn: true,
    open: async (page, world) => {
      await page.goto(`/teams/${world.emptyTeam}?created=1`);
      await expect(page.getByText("Team created.")).toBeVisible();
    },
    action: (page) => page.getByRole("button", { name: "Save card" }),
    tabs: 40,
  },
  {
    name: "dashboard-empty",
    signedIn: true,
    open: async (page, world) => void (await page.goto(`/dashboard/${world.emptyTeam}`)),
    action: (page) => page.getByRole("link", { name: "Send your first gift" }),
    activate: async (page, world) => {
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/dashboard/${world.emptyTeam}/send`));
    },
  },
  {
    name: "dashboard",
    signedIn: true,
    open: async (page, world) => {
      await page.goto(`/dashboard/${world.team}`);
      await expect(page.getByTestId("gift-row").first()).toBeVisible();
    },
    action: (page) => page.getByRole("main").getByRole("link", { name: "Send a gift", exact: true }),
    activate: async (page, world) => {
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/dashboard/${world.team}/send`));
    },
  },
  {
    name: "send",
    signedIn: true,
    open: async (page, world) => void (await page.goto(`/dashboard/${world.team}/send`)),
    action: (page) => page.getByRole("button", { name: "Preview and price" }),
    tabs: 40,
    // Nothing filled in: each problem shows beside its field.
    activate: async (page) => {
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("error-name")).toBeVisible();
    },
  },
  {
    name: "send-no-card",
    signedIn: true,
    open: async (page, world) => {
      await page.goto(`/dashboard/${world.emptyTeam}/send`);
      await fillSendForm(page);
      await page.getByRole("button", { name: "Preview and price" }).click();
      await expect(page.getByTestId("error-form")).toContainText("card");
    },
    action: (page) => page.getByRole("link", { name: "Put a card on file" }),
    activate: async (page, world) => {
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/teams/${world.emptyTeam}#card$`));
    },
  },
  {
    name: "upload-preview",
    signedIn: true,
    open: async (page, world) => {
      await page.goto(`/dashboard/${world.team}/upload`);
      await page.getByLabel("CSV file").setInputFiles({
        name: "Spring thank-yous.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${HEADER}\n${ONE_BAD_ROW.join("\n")}\n`),
      });
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByTestId("upload-problem")).toHaveCount(1);
    },
    action: (page) => page.getByRole("button", { name: "Preview again" }),
  },
  {
    name: "gift",
    signedIn: true,
    open: async (page, world) => void (await page.goto(`/dashboard/${world.team}/gifts/${world.giftId}`)),
    action: (page) => page.getByRole("link", { name: "Cancel this gift…" }),
    tabs: 40,
    activate: async (page) => {
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/confirm=cancel/);
    },
  },
  {
    name: "account",
    signedIn: true,
    open: async (page) => {
      await page.goto("/account");
      await expect(page.getByTestId("api-keys").getByRole("listitem").first()).toBeVisible();
    },
    action: (page) => page.getByRole("button", { name: "Create key" }),
    tabs: 60,
  },
  {
    name: "untie-en",
    signedIn: false,
    open: openUntie((world) => world.untieEn),
    action: firstProduct,
    activate: checksIt,
  },
  {
    name: "untie-ar",
    signedIn: false,
    open: openUntie((world) => world.untieAr),
    action: firstProduct,
    activate: checksIt,
  },
  {
    name: "docs",
    signedIn: false,
    open: async (page) => void (await page.goto("/docs")),
    // The contents: a sidebar from 1024 px, folded under "Contents" below.
    action: (page) =>
      page.viewportSize()!.width >= 1024
        ? page.getByRole("navigation", { name: "Reference", exact: true }).getByRole("link", { name: "Quick start" })
        : page.getByText("Contents", { exact: true }),
    activate: async (page) => {
      await page.keyboard.press("Enter");
      if (page.viewportSize()!.width >= 1024) await expect(page).toHaveURL(/#quick-start$/);
      else await expect(page.getByRole("navigation", { name: "Reference, contents" })).toBeVisible();
    },
  },
];

/**
 * A new owner (signed in on `page`, who answered "What should we call you?") with a team that has
 * a card, an API key and three gifts (two link gifts, one in Arabic), and a second team just
 * created (no card, no gift).
 */
export async function buildWorld(page: Page): Promise<World> {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto("/account");
  await page.locator("#name-prompt").fill("Robin Park");
  await page.getByRole("button", { name: "Save my name" }).first().click();
  await expect(page.locator("#name-prompt")).toHaveCount(0);
  await page.getByPlaceholder("CI, Zapier reporting…").fill("CI");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByTestId("api-keys").getByRole("listitem").first()).toBeVisible();

  const path = `/teams/${owner.slug}/gifts`;
  const link = { delivery_method: "link", name: "Kim Lee", collection: "Tea Time", design_id: "thank-you" };
  const en = await send(page.request, owner.live, path, link);
  const ar = await send(page.request, owner.live, path, { ...link, name: "Layla", locale: "ar" });
  await send(page.request, owner.live, path, { name: "Ada Lovelace", email: "ada@analytical.test" });

  await page.getByLabel("Team name").fill(`First Hour ${Date.now()}`);
  await page.getByRole("button", { name: "Create a team" }).click();
  await expect(page).toHaveURL(/\?created=1$/);
  const emptyTeam = (await page.getByTestId("team-id").textContent())!.trim();
  return {
    team: owner.slug,
    emptyTeam,
    giftId: en.id,
    untieEn: en.attributes["untie-url"],
    untieAr: ar.attributes["untie-url"],
  };
}
