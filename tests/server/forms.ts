// A page's form as a browser without JavaScript posts it: its inputs' names and values (checked
// radios and boxes only), the server action's hidden fields among them.

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The fields of the first form of `page` whose markup `matches`, or null when there is none. */
export function formFields(page: string, matches: (formHtml: string) => boolean): [string, string][] | null {
  const form = [...page.matchAll(/<form[\s\S]*?<\/form>/g)].map(([f]) => f).find(matches);
  if (!form) return null;
  const fields: [string, string][] = [];
  for (const [tag] of form.matchAll(/<(?:input|button)[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    if (name === undefined) continue;
    const type = /\stype="([^"]*)"/.exec(tag)?.[1];
    if ((type === "radio" || type === "checkbox") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
    if (tag.startsWith("<button")) continue; // the submitter is added by the caller when it matters
    fields.push([unescapeHtml(name), unescapeHtml(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "")]);
  }
  for (const [, name, options] of form.matchAll(/<select[^>]*\sname="([^"]*)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const all = [...options.matchAll(/<option([^>]*)>/g)].map(([, attributes]) => attributes);
    const chosen = all.find((a) => /\sselected(=|\s|$)/.test(a)) ?? all[0];
    if (chosen !== undefined)
      fields.push([unescapeHtml(name), unescapeHtml(/\svalue="([^"]*)"/.exec(chosen)?.[1] ?? "")]);
  }
  return fields;
}

/** `fields` (plus `extra`) as the multipart body a browser posts. */
export function formBody(fields: [string, string][], extra: [string, string | Blob, string?][] = []): FormData {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  for (const [name, value, filename] of extra)
    if (typeof value === "string") body.append(name, value);
    else body.append(name, value, filename);
  return body;
}
