import { badRequest, HttpError } from "@/lib/errors";
import { bodyLimitFor } from "@/lib/http/body-limits.mjs";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes, utf8 } from "@/lib/http/read-body";

/** Deeper JSON than any request of ours needs (and deep enough to overflow a recursive walk) is refused. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read before it is parsed: one
 * pass over the characters (brackets inside strings don't count), so a body of 3 MB of `[` costs
 * a few milliseconds instead of a parse of a million levels. Malformed text is JSON.parse's to refuse.
 */
function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

async function readText(request: Request): Promise<string> {
  try {
    const text = utf8(await readBodyBytes(request, bodyLimitFor(new URL(request.url).pathname).limitBytes));
    if (text === null) throw badRequest("The request body is not valid UTF-8.");
    return text;
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, "PayloadTooLarge", error.message);
    if (error instanceof BodyIncompleteError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * The request body as a JSON object. Read whatever the Content-Type says, so that
 * `curl -d` (form-encoded by default) works too; anything that isn't a JSON object is a 400.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readOptionalJsonObject(request);
  if (body === null) throw badRequest('The request body is empty: send a JSON object like {"gift": {...}}.');
  return body;
}

/** Like readJsonObject, for endpoints whose body may be left out: an empty body is null. */
export async function readOptionalJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  const text = await readText(request);
  if (!text.trim()) return null;
  if (nestingExceeds(text, MAX_JSON_DEPTH))
    throw badRequest(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object like {"gift": {...}}.');
  }
  return body as Record<string, unknown>;
}

/** The raw body (a CSV upload), refused with 413 past `limitBytes`. */
export async function readRawBody(request: Request, limitBytes: number): Promise<Uint8Array> {
  try {
    return await readBodyBytes(request, limitBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new HttpError(413, "PayloadTooLarge", error.message);
    if (error instanceof BodyIncompleteError) throw badRequest(error.message);
    throw error;
  }
}
