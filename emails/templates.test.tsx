import { describe, expect, test } from "vitest";
import { render } from "@react-email/render";
import { templates } from "./index";

// Every template in emails/index.ts renders, as HTML and as plain text, with its preview props.
describe.each(Object.entries(templates))("%s", (_name, Template) => {
  test("renders HTML and plain text with its preview props", async () => {
    const props = Template.PreviewProps;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each template takes its own props
    const element = <Template {...(props as any)} />;
    const html = await render(element);
    const text = await render(element, { plainText: true });
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html.length).toBeGreaterThan(1000);
    expect(text.trim().length).toBeGreaterThan(20);
    expect(text).not.toMatch(/<[a-z]/i);
    // Every URL given in the props is in the email.
    for (const value of Object.values(props)) {
      if (typeof value === "string" && /^https?:\/\//.test(value))
        expect(html).toContain(value.replaceAll("&", "&amp;"));
    }
  });
});

test("the gift email shows artwork, logo, message, from line and a button to the untie URL", async () => {
  const props = templates.GiftEmail.PreviewProps;
  const html = await render(<templates.GiftEmail {...props} />);
  const text = await render(<templates.GiftEmail {...props} />, { plainText: true });
  expect(html).toContain(`src="${props.designImageUrl}"`);
  expect(html).toContain(`src="${props.logoImageUrl}"`);
  expect(html).toContain("Enjoy something nice on us!");
  expect(html).toContain(props.from);
  expect(html).toMatch(new RegExp(`<a[^>]*href="${props.untieUrl}"[^>]*>[\\s\\S]*Untie your gift`));
  expect(text).toContain(`Untie your gift ${props.untieUrl}`);
  expect(text).toContain("Thank you for a wonderful year on the team.");
});

test("the sign-in email has the link and the host", async () => {
  const props = templates.SignInEmail.PreviewProps;
  const html = await render(<templates.SignInEmail {...props} />);
  expect(html).toContain(props.url.replaceAll("&", "&amp;"));
  expect(html).toContain(props.host);
});
