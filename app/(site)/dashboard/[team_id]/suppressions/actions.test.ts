import { describe, expect, it } from "vitest";
import { MAX_SUPPRESSION_CSV_BYTES } from "@/lib/delivery/suppressions";
import { MAX_UPLOAD_BYTES } from "@/lib/dashboard/upload";
import { fileTooLarge, fileTooLargeMessage } from "@/lib/http/body-limits.mjs";
import { importSuppressionsAction } from "./actions";

// A file over the import's limit is refused with what to do (the gift upload's words, one home:
// lib/http/body-limits.mjs), before anything is read or the session looked up.
describe("the suppression import's file limit", () => {
  const form = (file: File) => {
    const data = new FormData();
    data.set("team", "team_x");
    data.set("mode", "live");
    data.set("file", file);
    return data;
  };

  it("refuses a 10 MB file, and one a byte over 1 MB, saying to split it", async () => {
    for (const size of [10 * 1024 * 1024, MAX_SUPPRESSION_CSV_BYTES + 1]) {
      const file = new File([new Uint8Array(size).fill(0x61)], "list.csv", { type: "text/csv" });
      expect(await importSuppressionsAction(null, form(file))).toEqual({
        error: "The file is larger than 1 MB: split it into smaller files.",
      });
    }
  });

  it("is the gift upload's refusal: one wording for every file form, null within the limit", () => {
    expect(fileTooLargeMessage(MAX_UPLOAD_BYTES)).toBe("The file is larger than 5 MB: split it into smaller files.");
    const within = new File([new Uint8Array(MAX_SUPPRESSION_CSV_BYTES)], "list.csv");
    expect(fileTooLarge(within, MAX_SUPPRESSION_CSV_BYTES)).toBeNull();
    expect(fileTooLarge("not a file", MAX_SUPPRESSION_CSV_BYTES)).toBeNull();
    const over = new File([new Uint8Array(MAX_SUPPRESSION_CSV_BYTES + 1)], "list.csv");
    expect(fileTooLarge(over, MAX_SUPPRESSION_CSV_BYTES)).toBe(fileTooLargeMessage(MAX_SUPPRESSION_CSV_BYTES));
  });
});
