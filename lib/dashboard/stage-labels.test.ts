import { describe, expect, it } from "vitest";
import { STAGES } from "@/lib/gifts/stages";
import { giftStageLabel, STAGE_LABELS } from "./stage-labels";

describe("a gift's stage in words", () => {
  it("says a link gift waiting for its link to be opened is ready, not scheduled; every other stage as the filter says it", () => {
    expect(giftStageLabel("scheduled", "link")).toBe("Link ready");
    expect(giftStageLabel("scheduled", "email")).toBe("Scheduled");
    for (const stage of STAGES) {
      if (stage !== "scheduled") expect(giftStageLabel(stage, "link")).toBe(STAGE_LABELS[stage]);
      expect(giftStageLabel(stage, "email")).toBe(STAGE_LABELS[stage]);
    }
  });
});
