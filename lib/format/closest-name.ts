/** Edits (insert, delete, replace) between two short texts, case-insensitive; Infinity once past `limit`. */
function distance(a: string, b: string, limit: number): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (Math.abs(x.length - y.length) > limit) return Infinity;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    if (Math.min(...current) > limit) return Infinity;
    previous = current;
  }
  return previous[y.length];
}

/**
 * The name a person most likely meant ("Cofee Lovers" → "Coffee Lovers", "emial" → "email"): the
 * nearest of `names` within a few edits (`share` of its length, at least 2), or null. Inputs past
 * 200 characters are no typo and get none (the work stays small whatever is sent).
 */
export function closestName(input: string, names: readonly string[], { share = 1 / 4 } = {}): string | null {
  if (input.length > 200) return null;
  let best: { name: string; edits: number } | null = null;
  for (const name of names) {
    const limit = Math.max(2, Math.floor(name.length * share));
    const edits = distance(input.trim(), name, limit);
    if (edits <= limit && (best === null || edits < best.edits)) best = { name, edits };
  }
  return best?.name ?? null;
}
