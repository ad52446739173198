/**
 * A form posted without JavaScript names its server action in `$ACTION_<ref>:<n>` fields, which
 * React parses as JSON (a `"$@<k>"` in one refers to field `<k>` of the same ref) before any of
 * our code runs: a field that isn't JSON, or a reference to a field that isn't there, makes Next
 * answer a 500. True when the request is such a form and its action fields can't be read. A body
 * that isn't a readable form is left to Next (it answers 400).
 */
export async function hasUnreadableActionFields(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (
    request.method !== "POST" ||
    request.headers.has("next-action") ||
    !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)
  )
    return false;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return false;
  }
  const names = new Set(form.keys());
  for (const [name, value] of form) {
    const field = /^(\$ACTION_[^:]*):\d+$/.exec(name);
    if (!field) continue;
    if (typeof value !== "string") return true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return true;
    }
    for (const ref of references(parsed)) if (!names.has(`${field[1]}:${ref}`)) return true;
  }
  return false;
}

/** The `k` of every `"$@k"` string in a parsed JSON value (walked without recursion). */
function references(value: unknown): string[] {
  const found: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      const ref = /^\$@(\d+)$/.exec(item);
      if (ref) found.push(ref[1]);
    } else if (item && typeof item === "object") stack.push(...Object.values(item));
  }
  return found;
}
