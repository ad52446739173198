import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";

// The check every browser test's accessibility rests on fails on a violation it should see, and
// passes the same page once it is fixed.
test("the accessibility check names a violation, and passes once it is fixed", async ({ page }) => {
  const html = (img: string) =>
    `<!doctype html><html lang="en"><head><title>A page</title></head><body><main><h1>A page</h1>${img}</main></body></html>`;
  await page.setContent(html('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  const failure = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt: img");

  await page.setContent(html('<img alt="A dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'));
  await expectAccessible(page);
});
