import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No axe violation on the page, as it shows now: every browser test's accessibility check.
 *
 * Axe runs in the page itself (legacy mode) and reports only violations. The default mode sends
 * every node's partial result to a second blank page to be merged: on /docs (5,000 elements) the
 * call took 17 s for an audit of 6 s; this way it takes 6 s. What legacy mode leaves out is other
 * frames, and our pages have one: the email preview, the email's own HTML in a sandboxed frame without scripts (axe can't run in it);
 * the email templates have their own checks.
 */
export async function expectAccessible(page: Page) {
  // A streamed page shows its loading skeleton until React reveals the content, which it may hold
  // back a few hundred milliseconds after the load event: check the page, not the skeleton.
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
  // After a client-side navigation or a form's server action React streams the <title> in a moment
  // after the content (axe checks it too).
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .exclude("iframe[sandbox]")
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
