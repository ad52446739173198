import { describe, expect, it } from "vitest";
import { BodyIncompleteError, BodyTooLargeError, readBodyBytes } from "./read-body";

const streamed = (chunks: string[], then: "end" | "abort") =>
  new Request("http://127.0.0.1/x", {
    method: "POST",
    duplex: "half",
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        if (then === "end") controller.close();
        else controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    }),
  } as RequestInit);

describe("readBodyBytes", () => {
  it("reads a streamed body whole, counting bytes", async () => {
    expect(new TextDecoder().decode(await readBodyBytes(streamed(['{"a":', '"€"}'], "end"), 100))).toBe('{"a":"€"}');
    await expect(readBodyBytes(streamed(["€".repeat(4)], "end"), 11)).rejects.toBeInstanceOf(BodyTooLargeError); // 12 bytes, 4 characters
  });

  it("a body cut off by the client is a BodyIncompleteError (a 4xx), not an unexpected failure", async () => {
    await expect(readBodyBytes(streamed(['{"gift": {"name"'], "abort"), 1000)).rejects.toBeInstanceOf(
      BodyIncompleteError,
    );
  });
});
