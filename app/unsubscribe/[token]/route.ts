import { stopReminders } from "@/lib/reminders/unsubscribe";
import { publicContext } from "@/lib/site/context";

type Params = { params: Promise<{ token: string }> };

/** A small page of fixed words (nothing from the request is shown). */
function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Ribbon</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><h1 style="font-size:1.4rem">${title}</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/**
 * The reminders' unsubscribe link. GET only asks (mail scanners fetch links: a GET changes
 * nothing); POST stops the gift's reminders: the mailbox's one-click button (RFC 8058 posts
 * `List-Unsubscribe=One-Click`, no cookies) or the page's button. No sign-in either way.
 */
export async function GET(_request: Request, { params }: Params) {
  const { token } = await params;
  if (token.length > 200)
    return page(404, "Link not recognised", "<p>This unsubscribe link is not one of Ribbon's.</p>");
  return page(
    200,
    "Stop reminders for this gift?",
    `<p>You will get no more reminders about this gift. The gift itself stays yours to open.</p><form method="post"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem">Stop reminders</button></form>`,
  );
}

export async function POST(_request: Request, { params }: Params) {
  const { token } = await params;
  const { db } = await publicContext();
  const outcome = await stopReminders(db, token);
  if (outcome === "unknown")
    return page(
      404,
      "Link not recognised",
      "<p>This unsubscribe link is not one of Ribbon's, or its gift is gone.</p>",
    );
  return page(200, "Reminders stopped", "<p>You will get no more reminders about this gift.</p>");
}
