import { expect, test } from "@playwright/test";
import { expectAccessible } from "./accessibility";
import { ownerWithTeam } from "./dashboard-helpers";

// The CSV upload as a sender uses it: download the template, upload a file, read the preview
// (rows fine, each problem at its row and column, the price), fix the file, confirm, and land on
// the dashboard filtered by the new batch. axe-core checks each state of the page.

const HEADER = "name,email,message,from,collection,design,scheduled_at,expires_on,delivery_method";
const csv = (rows: string[]) => Buffer.from(`${HEADER}\n${rows.join("\n")}\n`, "utf-8");
const file = (name: string, buffer: Buffer, mimeType = "text/csv") => ({ name, mimeType, buffer });

test("an owner uploads a CSV: preview with a problem, fix, confirm, the new batch's gifts", async ({ page }) => {
  const owner = await ownerWithTeam(page, Date.now());
  const board = `/dashboard/${owner.slug}`;

  const template = await page.request.get(`${board}/upload-template.csv`);
  expect(template.status()).toBe(200);
  expect(template.headers()["content-type"]).toMatch(/^text\/csv/);
  expect((await template.text()).split("\r\n")[0]).toBe(`${HEADER},locale,reminders,time_zone,recipient_country`);

  await page.goto(`${board}/upload`);
  await expect(page.getByRole("heading", { level: 1, name: "Upload a CSV of gifts" })).toBeVisible();
  await expectAccessible(page);

  // Not a CSV file: said plainly, nothing else happens.
  await page
    .getByLabel("CSV file")
    .setInputFiles(file("photo.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d])));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("upload-errors")).toContainText("This is not a CSV file");

  const rows = [
    'Ada Lovelace,ada@example.test,"Thank you, Ada!\nSee you soon.",The Team,Coffee Lovers,thank-you,,,',
    "Grace Hopper,not-an-email,Thanks Grace,The Team,Tea Time,,,,",
    "Alan Turing,alan@example.test,Thanks Alan,Bletchley,coffee lovers,,,,email",
  ];
  await page.getByLabel("CSV file").setInputFiles(file("Spring thank-yous.csv", csv(rows)));
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("upload-preview");
  await expect(preview).toBeVisible();
  await expect(page.getByTestId("upload-counts")).toContainText("3 rows read: 2 rows fine, 1 problem");
  const problem = page.getByTestId("upload-problem");
  await expect(problem).toHaveCount(1);
  await expect(problem.locator("td")).toHaveText(["3", "email", "Email is not a valid email address"]);
  await expect(page.getByTestId("upload-price")).toContainText("Coffee Lovers × 2");
  await expect(page.getByTestId("upload-price")).toContainText("$96.00");
  // With a problem left nothing reads as a bill; the fine rows are listed as they will be sent.
  await expect(page.getByTestId("upload-price")).toContainText("Nothing, until every row is fine");
  await expect(page.getByTestId("upload-row")).toHaveCount(2);
  await expect(page.getByTestId("upload-row").first()).toContainText("Ada Lovelace");
  await expect(page.getByTestId("upload-row").first()).toContainText("5 minutes after you create");
  await expect(page.getByRole("button", { name: /^Create/ })).toHaveCount(0);
  await expectAccessible(page);

  // Fixed: previewed again, the button names the gifts and the price.
  rows[1] = "Grace Hopper,grace@example.test,Thanks Grace,The Team,Tea Time,,,,";
  await page.getByLabel("CSV file").setInputFiles(file("Spring thank-yous.csv", csv(rows)));
  await page.getByRole("button", { name: "Preview again" }).click();
  await expect(page.getByTestId("upload-counts")).toContainText("3 rows read: 3 rows fine");
  await expect(page.getByTestId("upload-problem")).toHaveCount(0);
  await expect(page.getByTestId("upload-price")).toContainText("$135.00");
  await expectAccessible(page);
  await expect(page.getByTestId("upload-row")).toHaveCount(3);
  await page.getByRole("button", { name: "Create 3 gifts for $135.00" }).click();

  await expect(page).toHaveURL(new RegExp(`${board}\\?batch=bat_[A-Za-z0-9]+&created=3$`));
  await expect(page.getByTestId("batch-decided")).toContainText("3 gifts created, listed below in their batch");
  const table = page.getByTestId("gift-table");
  await expect(table.getByTestId("gift-row")).toHaveCount(3);
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) await expect(table).toContainText(name);
  await expect(table).toContainText("Batch: Spring thank-yous");
  await expectAccessible(page);
});

test("a 10,000-row file (over the site's 1 MB page limit) is previewed; a file over 5 MB is refused before it is sent", async ({
  page,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  await page.goto(`/dashboard/${owner.slug}/upload`);
  const message = "Thank you for being with us this year: we hope this brings you a quiet moment.";
  const rows = Array.from(
    { length: 10_000 },
    (_, i) => `Customer ${i},customer${i}@example.test,"${message} (${i})",The Acme team,Tea Time,,,,`,
  );
  const big = csv(rows);
  expect(big.length).toBeGreaterThan(1024 * 1024);
  await page.getByLabel("CSV file").setInputFiles(file("all customers.csv", big));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("upload-counts")).toContainText("10,000 rows read: 10,000 rows fine", {
    timeout: 30_000,
  });
  await expect(page.getByRole("button", { name: "Create 10,000 gifts for $390,000.00" })).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles(file("huge.csv", Buffer.alloc(5 * 1024 * 1024 + 1, "a")));
  await expect(page.getByRole("button", { name: /^Create/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Preview again" }).click();
  await expect(page.getByTestId("upload-errors")).toHaveText(
    "The file is larger than 5 MB: split it into smaller files.",
  );
});

test("without JavaScript the upload is two plain form posts: preview, then the same file again to create; another file is refused", async ({
  page,
  browser,
}) => {
  const owner = await ownerWithTeam(page, Date.now());
  const board = `/dashboard/${owner.slug}`;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  const rows = [
    "Ada Lovelace,ada@example.test,Thank you Ada,The Team,Coffee Lovers,,,,",
    "Alan Turing,alan@example.test,Thanks Alan,Bletchley,Tea Time,,,,",
  ];
  const thanks = file("No script thanks.csv", csv(rows));

  await plain.goto(`${board}/upload`);
  await plain.getByLabel("CSV file").setInputFiles(thanks);
  await plain.getByRole("button", { name: "Preview" }).click();
  await expect(plain.getByTestId("upload-counts")).toContainText("2 rows read: 2 rows fine");
  await expect(plain.getByTestId("upload-price")).toContainText("Coffee Lovers × 1");
  await expect(plain.getByTestId("upload-no-script")).toContainText("Choose the same file again");
  const create = plain.getByRole("button", { name: /^Create 2 gifts for \$/ });

  // The page that came back holds no file: said plainly, the preview kept, nothing created.
  await create.click();
  await expect(plain.getByTestId("upload-errors")).toHaveText("Choose the same file again to create the gifts.");
  await expect(plain.getByTestId("upload-counts")).toContainText("2 rows read: 2 rows fine");

  // Another file than the one previewed: refused.
  await plain.getByLabel("CSV file").setInputFiles(file("No script thanks.csv", csv([rows[0]])));
  await create.click();
  await expect(plain.getByTestId("upload-errors")).toContainText("The file changed since the preview");
  const none = await plain.request.get("/api/v1/gifts", { headers: { Authorization: `Bearer ${owner.live}` } });
  expect((await none.json()).data).toHaveLength(0);

  await plain.getByLabel("CSV file").setInputFiles(thanks);
  await create.click();
  await expect(plain).toHaveURL(new RegExp(`${board}\\?batch=bat_[A-Za-z0-9]+&created=2$`));
  const table = plain.getByTestId("gift-table");
  await expect(table.getByTestId("gift-row")).toHaveCount(2);
  await expect(table).toContainText("Batch: No script thanks");
  await context.close();
});
