import type { GiftMessage } from "@/lib/generated/prisma/client";
import type { ResourceObject } from "../document";

export function serializeMessage(m: GiftMessage): ResourceObject {
  return {
    type: "messages",
    id: String(m.id),
    attributes: { message: m.message, "created-at": m.createdAt.toISOString() },
  };
}
