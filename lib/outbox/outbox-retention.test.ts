import { describe, expect, it } from "vitest";
import { databaseWithOwner } from "@/lib/testing/database-for-file";
import { forgetSignInEmails, keptBody, purgeExpiredSignInEmails, SIGN_IN_LINK_LIFETIME_MS } from "./outbox-retention";

const t = databaseWithOwner();

describe("what the outbox keeps", () => {
  it("bodies only for the local outbox transport", () => {
    const body = { html: "<a href=https://x/untie/secret>open</a>", text: "https://x/untie/secret" };
    expect(keptBody("outbox", body)).toEqual(body);
    expect(keptBody("resend", body)).toEqual({ html: "", text: "" });
    expect(keptBody("none", body)).toEqual(body); // sandbox, suppressed while the local outbox is the transport
  });

  it("sign-in emails go once used (any case of the address) or once their link has expired; gift emails stay", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - SIGN_IN_LINK_LIFETIME_MS - 1000);
    const row = (kind: string, to: string, createdAt: Date) => ({
      kind,
      to,
      subject: "s",
      html: "h",
      text: "t",
      status: "stored",
      transport: "outbox",
      createdAt,
    });
    await t.db.emailOutbox.createMany({
      data: [
        row("signin", "Used@Example.test", now),
        row("signin", "fresh@example.test", now),
        row("signin", "stale@example.test", old),
        row("gift", "stale@example.test", old),
      ],
    });
    expect(await forgetSignInEmails(t.db, "used@example.test")).toBe(1);
    expect(await purgeExpiredSignInEmails(t.db, now)).toBe(1);
    const left = await t.db.emailOutbox.findMany({ select: { kind: true, to: true }, orderBy: { id: "asc" } });
    expect(left).toEqual([
      { kind: "signin", to: "fresh@example.test" },
      { kind: "gift", to: "stale@example.test" },
    ]);
  });
});
