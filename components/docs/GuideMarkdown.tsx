import { Fragment, type ReactNode } from "react";
import { ScrollRegion, SCROLL_FOCUS } from "./ScrollRegion";

/**
 * Renders a guide of docs/ (the markdown the repository's guides use: headings, paragraphs,
 * bullet lists with continuation lines, fenced code, tables, `code`, **bold**, links) as the
 * site's HTML, at build. Headings get GitHub's anchors, so a guide's own `#…` links work; a link
 * to another guide becomes `linkFor`'s answer (a page of the site), or plain text when it has none.
 */
export function GuideMarkdown({ markdown, linkFor }: { markdown: string; linkFor: LinkFor }) {
  return <>{blocks(markdown).map((block, i) => renderBlock(block, i, linkFor))}</>;
}

/** Where a link to another guide (`oauth.md`, its anchor) goes on the site, or null: plain text. */
export type LinkFor = (file: string, anchor: string | undefined) => string | null;

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "code"; text: string }
  | { kind: "table"; rows: string[][] };

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string) =>
  heading
    .replace(/[`*]/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

export function blocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n/g, "\n").split("\n");
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i++;
      continue;
    }
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(lines[i]);
      i++;
      out.push({ kind: "code", text: code.join("\n") });
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      out.push({ kind: "heading", level: heading[1].length, text: heading[2] });
      i++;
      continue;
    }
    if (line.startsWith("|")) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) {
        if (/^\|[\s:|-]+\|?\s*$/.test(lines[i])) continue; // the header's rule
        rows.push(
          lines[i]
            .trim()
            .replace(/^\||\|$/g, "")
            .split("|")
            .map((cell) => cell.trim()),
        );
      }
      out.push({ kind: "table", rows });
      continue;
    }
    if (/^[-*]\s/.test(line)) {
      const items: string[] = [];
      for (; i < lines.length && (/^[-*]\s/.test(lines[i]) || /^\s+\S/.test(lines[i])); i++) {
        if (/^[-*]\s/.test(lines[i])) items.push(lines[i].replace(/^[-*]\s+/, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      out.push({ kind: "list", items });
      continue;
    }
    const paragraph: string[] = [];
    for (; i < lines.length && lines[i].trim() !== "" && !/^(```|#{1,4}\s|\||[-*]\s)/.test(lines[i]); i++)
      paragraph.push(lines[i].trim());
    out.push({ kind: "paragraph", text: paragraph.join(" ") });
  }
  return out;
}

function renderBlock(block: Block, key: number, linkFor: LinkFor): ReactNode {
  const inline = (text: string) => renderInline(text, linkFor);
  switch (block.kind) {
    case "heading": {
      const id = anchorOf(block.text);
      const className = [
        "",
        "text-3xl font-semibold tracking-tight",
        "mt-12 text-2xl font-semibold",
        "mt-8 text-xl font-semibold",
        "mt-6 font-semibold",
      ][block.level];
      const H = `h${block.level}` as "h1" | "h2" | "h3" | "h4";
      return (
        <H key={key} id={id} className={className}>
          {inline(block.text)}
        </H>
      );
    }
    case "paragraph":
      return (
        <p key={key} className="mt-4 max-w-3xl text-stone-800">
          {inline(block.text)}
        </p>
      );
    case "list":
      return (
        <ul key={key} className="mt-4 max-w-3xl list-disc space-y-2 pl-6 text-stone-800">
          {block.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>
      );
    case "code":
      return (
        // tabIndex: a keyboard reaches a block wider than the screen to scroll it (axe: scrollable-region-focusable).
        <pre
          key={key}
          tabIndex={0}
          className={`mt-4 overflow-x-auto rounded-lg bg-stone-900 p-4 text-sm text-stone-100 ${SCROLL_FOCUS}`}
        >
          <code>{block.text}</code>
        </pre>
      );
    case "table": {
      const [head, ...rows] = block.rows;
      return (
        <ScrollRegion key={key} label={head.join(", ")} className="mt-4">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-200">
                {head.map((cell, i) => (
                  <th key={i} className="py-2 pr-4">
                    {inline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} className="border-b border-stone-100 align-top">
                  {row.map((cell, i) => (
                    <td key={i} className="py-2 pr-4">
                      {inline(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      );
    }
  }
}

/** `code`, **bold** and [links](…) of one line of text. */
function renderInline(text: string, linkFor: LinkFor): ReactNode {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/).map((part, i) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
      return (
        <code key={i} className="rounded bg-stone-200 px-1 text-[0.9em]">
          {part.slice(1, -1)}
        </code>
      );
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4)
      return <strong key={i}>{renderInline(part.slice(2, -2), linkFor)}</strong>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = hrefOf(link[2], linkFor);
      const label = renderInline(link[1], linkFor);
      return href ? (
        <a key={i} href={href} className="text-[var(--ribbon)] underline">
          {label}
        </a>
      ) : (
        <Fragment key={i}>{label}</Fragment>
      );
    }
    return <Fragment key={i}>{part}</Fragment>;
  });
}

/** Where a guide's link goes on the site: its own anchors, http(s) links, other guides as `linkFor` says. */
function hrefOf(target: string, linkFor: LinkFor): string | null {
  if (target.startsWith("#")) return target;
  if (/^https?:\/\//.test(target)) return target;
  const [file, anchor] = target.split("#");
  return linkFor(file, anchor);
}
