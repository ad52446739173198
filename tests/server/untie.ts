import { formFields } from "./forms";
import type { RunningServer } from "./server";

/** A new sandbox link gift's untie path; `gift` adds to or overrides its attributes (`locale: "ar"`). */
export async function newLinkGift(server: RunningServer, gift: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/teams/sandbox/gifts`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${server.credentials.accounts[0].sandbox_token}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({
      gift: {
        name: "Robin",
        delivery_method: "link",
        collection: "Coffee Lovers",
        message: "Hi",
        from: "Alex",
        ...gift,
      },
    }),
  });
  const body = (await res.json()) as { data?: { attributes: Record<string, string> } };
  if (!body.data) throw new Error(`creating the gift answered ${res.status}: ${JSON.stringify(body)}`);
  return new URL(body.data.attributes["untie-url"]).pathname;
}

/** A sandbox link gift's untie page and its form's hidden fields (the server action's id among them), as a browser without JavaScript posts them. */
export async function untiePage(server: RunningServer): Promise<{ path: string; hiddenFields: [string, string][] }> {
  const path = await newLinkGift(server);
  const page = await (await fetch(`${server.url}${path}`)).text();
  // The page has several forms (language, choose, decline, donate): the fields of the one with the products.
  const fields = formFields(page, (f) => f.includes('name="productId"'));
  if (!fields) throw new Error(`No product form on the untie page:\n${page.slice(0, 2000)}`);
  const hiddenFields = fields.filter(([name]) => name.startsWith("$ACTION") || name === "secret");
  if (!hiddenFields.some(([name]) => name.startsWith("$ACTION")))
    throw new Error(`No server action form on the untie page:\n${page.slice(0, 2000)}`);
  return { path, hiddenFields };
}
