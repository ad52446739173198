import { tooLargeMessage } from "./body-limits.mjs";

/** The request body was (or announced to be) larger than the endpoint takes. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(tooLargeMessage(limitBytes));
    this.name = "BodyTooLargeError";
  }
}

/** The client closed the connection before its body was complete: nothing to act on. */
export class BodyIncompleteError extends Error {
  constructor() {
    super("The request body ended before it was complete (the connection was closed).");
    this.name = "BodyIncompleteError";
  }
}

/**
 * The body's bytes, read as a stream and abandoned the moment it passes `limitBytes`, so a
 * huge upload costs at most the limit in memory. A Content-Length over the limit is refused
 * before anything is read. Counts bytes, not characters.
 */
export async function readBodyBytes(request: Request, limitBytes: number): Promise<Uint8Array> {
  const announced = Number(request.headers.get("content-length") ?? 0);
  if (announced > limitBytes) throw new BodyTooLargeError(limitBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new BodyIncompleteError();
    });
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** UTF-8 text, or null when the bytes are not valid UTF-8. */
export function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
