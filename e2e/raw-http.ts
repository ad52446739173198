import { request as httpRequest } from "node:http";
import { networkInterfaces } from "node:os";

export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A raw HTTP request, so that Host, X-Forwarded-* and Origin are exactly what an attacker sends.
 * `localAddress` picks the address the connection comes from (see secondAddress).
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.localAddress },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * An address of this machine that is not loopback: a request made from it to it reaches the
 * server as it would from another machine (the socket's peer is not 127.x). The e2e server
 * listens on 0.0.0.0 (playwright.config.ts) so it can be reached there.
 */
export function secondAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
  if (!address) throw new Error("This machine has no non-loopback IPv4 address to test remote requests from.");
  return address;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The named inputs of the first form in a page's HTML, as a browser without JavaScript would post them. */
export function formFields(html: string, containing?: string): Record<string, string> {
  // The page's first form, or its first form holding `containing` (the untie page's language switcher comes first).
  const forms = html.match(/<form[\s\S]*?<\/form>/gi) ?? [];
  const form = (containing === undefined ? forms[0] : forms.find((f) => f.includes(containing))) ?? "";
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input[^>]*>/gi) ?? []) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[decodeEntities(name)] = decodeEntities(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? "");
  }
  return fields;
}

/** A multipart/form-data body of `fields`, with its Content-Type. */
export async function multipart(fields: Record<string, string>): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}
