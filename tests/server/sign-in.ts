import { formFields, multipart } from "../../e2e/raw-http";
import { waitFor } from "@/lib/testing/wait-for";
import type { RunningServer } from "./server";

/**
 * Signs `email` in on a running server as a browser without JavaScript does: the sign-in form,
 * then the link the local outbox holds (read from this machine). Resolves to the Cookie header
 * that carries the session. Any server with the outbox as its mail transport will do (the bench's
 * own server too: it needs only the URL).
 */
export async function signIn(server: Pick<RunningServer, "url">, email: string): Promise<string> {
  const page = await fetch(`${server.url}/signin`);
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  keep(page);
  const { body, contentType } = await multipart({ ...formFields(await page.text()), email });
  const asked = await fetch(`${server.url}/signin`, {
    method: "POST",
    headers: { "Content-Type": contentType, Origin: server.url, Cookie: cookie() },
    body: new Uint8Array(body),
    redirect: "manual",
  });
  if (asked.status >= 400) throw new Error(`sign-in form answered ${asked.status}`);
  keep(asked);
  const mail = await waitFor(
    async () => {
      const outbox = (await (await fetch(`${server.url}/dev/outbox.json?limit=500`)).json()) as {
        data: { to: string; kind: string; text: string }[];
      };
      return outbox.data.find((m) => m.to === email && m.kind === "signin");
    },
    { what: `a sign-in email to ${email}` },
  );
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/callback\/email[^\s"<>]+/.exec(mail.text)![0].replace(/&amp;/g, "&");
  const callback = await fetch(link, { headers: { Cookie: cookie() }, redirect: "manual" });
  keep(callback);
  if (![...jar.keys()].some((name) => name.includes("session-token")))
    throw new Error(`no session after the sign-in link (${callback.status})`);
  return cookie();
}
