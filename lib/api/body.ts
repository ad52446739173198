import { badRequest, HttpError } from "@/lib/errors";

const MAX_BODY_BYTES = 25 * 1024 * 1024;

/**
 * The request body as a JSON object. Read whatever the Content-Type says, so that
 * `curl -d` (form-encoded by default) works too; anything that isn't a JSON object is a 400.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new HttpError(413, "PayloadTooLarge", `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new HttpError(413, "PayloadTooLarge", `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
  if (!text.trim()) throw badRequest('The request body is empty: send a JSON object like {"gift": {...}}.');
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
