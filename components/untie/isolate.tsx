import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with its names (a sender, a collection, a charity: words nobody
 * translated) each in its own <bdi>, so an English name keeps its direction, and its full stop
 * its place, in an Arabic sentence. `say` renders the sentence from the values it is given.
 */
export function isolated(say: (values: Record<string, string>) => string, values: Record<string, string>): ReactNode {
  const keys = Object.keys(values);
  // Private-use characters stand in for the names while the sentence is rendered, then are swapped for them.
  const marks = Object.fromEntries(keys.map((key, i) => [key, String.fromCharCode(0xe000 + i)]));
  return say(marks)
    .split(/([\ue000-\ue0ff])/)
    .map((part, i) => {
      const key = keys[part.length === 1 ? part.charCodeAt(0) - 0xe000 : -1];
      return <Fragment key={i}>{key === undefined ? part : <bdi>{values[key]}</bdi>}</Fragment>;
    });
}
