import { expect, test } from "@playwright/test";
import { demoCredentials } from "./demo";
import { formFields } from "./raw-http";
import { signInLinkFor } from "./signin-links";

// A team's pages answer only its members. To anyone else, signed in, a team that exists and one
// that doesn't get the same answer, status included: 404 and the not-found page (never a 200
// carrying the not-found message, which would tell a team apart from none at all).
test("a team's pages are a 404 to a member of another team, the same as a team that doesn't exist", async ({
  playwright,
  request,
  baseURL,
}) => {
  const creds = demoCredentials();
  const [acme, globex] = creds.accounts;
  const created = await request.post(`${creds.base_url}/teams/${acme.teams[0]}/gifts`, {
    headers: { Authorization: `Bearer ${acme.live_token}` },
    data: { gift: { name: "Kim", delivery_method: "link", collection: "Coffee Lovers", message: "Hi", from: "Acme" } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const giftId = (await created.json()).data.id as string;

  // Signed in as Globex's member, as a browser without JavaScript does it: the sign-in form, then
  // the link the outbox holds. This context keeps the session cookie.
  const globexMember = await playwright.request.newContext({ baseURL });
  const form = formFields(await (await globexMember.get("/signin")).text());
  const asked = await globexMember.post("/signin", {
    multipart: { ...form, email: globex.email },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(asked.status()).toBeLessThan(400);
  await globexMember.get(await signInLinkFor(request, globex.email));
  const own = await globexMember.get(`/dashboard/${globex.teams[0]}`, { maxRedirects: 0 });
  expect(own.status(), "their own team's dashboard").toBe(200);

  const pagesOf = (team: string) => [
    `/dashboard/${team}`,
    `/dashboard/${team}?mode=sandbox`,
    `/dashboard/${team}/send`,
    `/dashboard/${team}/upload`,
    `/dashboard/${team}/gifts/${giftId}`,
    `/dashboard/${team}/export.csv`,
    `/teams/${team}`,
  ];
  const answers: string[] = [];
  for (const team of [acme.teams[0], "no-such-team-anywhere"]) {
    for (const path of pagesOf(team)) {
      const response = await globexMember.get(path, { maxRedirects: 0 });
      answers.push(`${path} ${response.status()}`);
      expect((await response.text()).includes("Kim"), `${path} shows the gift`).toBe(false);
    }
  }
  expect(answers).toEqual([...pagesOf(acme.teams[0]), ...pagesOf("no-such-team-anywhere")].map((p) => `${p} 404`));
  // Another team's gift under their own team's address is no gift either.
  const crossed = await globexMember.get(`/dashboard/${globex.teams[0]}/gifts/${giftId}`, { maxRedirects: 0 });
  expect(crossed.status()).toBe(404);
  await globexMember.dispose();
});
