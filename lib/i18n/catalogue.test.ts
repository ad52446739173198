import { createTranslator } from "next-intl";
import { describe, expect, test } from "vitest";
import { CATALOGUES, translator } from "./catalogue";
import { LOCALES } from "./locales";

type Tree = { [key: string]: string | Tree };

/** Every message by its dotted key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** A message's arguments (`{name}`, `{count, plural, …}`) and rich-text tags (`<strong>`), sorted. */
export function placeholders(message: string): string[] {
  const args = [...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((m) => m[1]);
  const tags = [...message.matchAll(/<([a-z]+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...args, ...tags])].sort();
}

const english = flatten(CATALOGUES.en);

test("the placeholder reader sees arguments, plural arguments and tags, not plural branches", () => {
  expect(placeholders("{count, plural, one {Fix this:} other {Fix these # for {name}:}} <strong>{x}</strong>")).toEqual(
    ["<strong>", "count", "name", "x"],
  );
});

describe.each(LOCALES.filter((l) => l !== "en"))("%s", (locale) => {
  const messages = flatten(CATALOGUES[locale] as unknown as Tree);

  test("has every key English has, and no other", () => {
    expect(
      [...messages.keys()].filter((k) => !english.has(k)),
      "keys English lacks",
    ).toEqual([]);
    expect(
      [...english.keys()].filter((k) => !messages.has(k)),
      "keys missing",
    ).toEqual([]);
  });

  test("each message has English's placeholders", () => {
    const differ = [...english].filter(([key, en]) => {
      const own = messages.get(key);
      return own !== undefined && placeholders(own).join() !== placeholders(en).join();
    });
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  test("each message is translated (not English left in place) and not empty", () => {
    // Names, codes and cognates that read the same in some languages.
    const same = new Set([
      "note.count",
      "address.optional",
      "product.option",
      "addressLabel.eircode",
      "addressInSentence.eircode",
      "addressLabel.province",
      "addressLabel.region",
      // Administrative names other languages borrow as they are (French "district", German "Oblast").
      "addressLabel.district",
      "addressInSentence.district",
      "addressLabel.oblast",
      "addressInSentence.oblast",
    ]);
    const untranslated = [...english].filter(
      ([key, en]) => !same.has(key) && messages.get(key) === en && /[a-z]{3}/.test(en),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
    expect([...messages].filter(([, m]) => m.trim() === "").map(([k]) => k)).toEqual([]);
  });
});

test.each(LOCALES)("%s: every message formats (valid ICU syntax)", (locale) => {
  const errors: string[] = [];
  const t = createTranslator({
    locale,
    messages: CATALOGUES[locale],
    timeZone: "UTC",
    onError: (error) => errors.push(error.message),
  });
  const tag = (chunks: unknown) => `[${String(chunks)}]`;
  for (const [key, en] of english) {
    const values = Object.fromEntries(
      placeholders(en).map((p) =>
        p.startsWith("<") ? [p.slice(1, -1), tag] : [p, p === "count" || p === "length" ? 2 : "x"],
      ),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every key, untyped on purpose
    const text = (t as any).markup(key, values);
    expect(typeof text).toBe("string");
  }
  expect(errors).toEqual([]);
});

test("a kept translator says each call's own values, in its own locale and namespace", () => {
  const en = translator("en", "card");
  expect(translator("en", "card")).toBe(en);
  expect(en("greeting", { name: "Kim" })).toBe("Kim, you have a gift!");
  expect(en("greeting", { name: "Lee" })).toBe("Lee, you have a gift!");
  expect(translator("es", "card")("greeting", { name: "Kim" })).not.toBe("Kim, you have a gift!");
  expect(translator("en", "meta")("giftTitle", { from: "Alex" })).toContain("Alex");
  // Hostile values are text, never markup or another message.
  expect(en("greeting", { name: "<b>{name}</b>" })).toBe("<b>{name}</b>, you have a gift!");
});
