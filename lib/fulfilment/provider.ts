import type { Address } from "@/lib/redemption/schema";

/** What a warehouse needs to ship one gift. `giftId` is the idempotency key: submitting twice places one order. */
export type FulfilmentOrder = {
  giftId: string;
  product: { id: number; slug: string; name: string };
  variant: { id: number; name: string } | null;
  address: Address;
};

export type Tracking = { carrier: string; trackingNumber: string; trackingUrl: string };

/** An order's state at the provider. */
export type OrderStatus = { status: "pending" } | ({ status: "shipped" | "delivered" } & Tracking);

/**
 * A fulfilment provider. `submit` must be idempotent per gift id (a retry after a timeout
 * must not place a second order) and throw when the order was not accepted. `status`
 * reports an order's progress; a provider with webhooks may also push the same statuses
 * (see docs/redemption.md).
 */
export interface FulfilmentProvider {
  readonly name: string;
  submit(order: FulfilmentOrder, now: Date): Promise<{ orderId: string }>;
  status(order: { orderId: string; giftId: string; submittedAt: Date }, now: Date): Promise<OrderStatus>;
}
