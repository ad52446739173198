import { describe, expect, it } from "vitest";
import { jsonApi, jsonApiList, type ResourceObject } from "./document";

const resource = (i: number): ResourceObject => ({
  type: "gifts",
  id: `gft_${i}`,
  attributes: { name: `Recipient ${i} "quoted" ü`, n: i },
});

describe("jsonApiList", () => {
  it("sends the bytes jsonApi sends for the same document, whatever the count and the rest", async () => {
    for (const count of [0, 1, 499, 500, 501, 1000, 1001]) {
      const items = Array.from({ length: count }, (_, i) => i);
      for (const rest of [
        {},
        { included: [resource(-1)] },
        { included: [], links: { self: "http://127.0.0.1/x", next: null } },
      ]) {
        const streamed = jsonApiList(items, resource, rest, { status: 201, headers: { "X-Test": "1" } });
        const whole = jsonApi({ data: items.map(resource), ...rest }, { status: 201, headers: { "X-Test": "1" } });
        expect(await streamed.text(), `${count} ${JSON.stringify(rest)}`).toBe(await whole.text());
        expect(streamed.status).toBe(201);
        expect([...streamed.headers]).toEqual([...whole.headers]);
      }
    }
  });
});
