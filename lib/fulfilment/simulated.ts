import { config } from "@/lib/config";
import { sha256 } from "@/lib/crypto";
import type { FulfilmentOrder, FulfilmentProvider, OrderStatus } from "./provider";

export type SimulatedWarehouseOptions = { shipAfterS?: number; deliverAfterS?: number };

/**
 * The warehouse of the embedded default and of every sandbox gift: it accepts every order,
 * "ships" it `shipAfterS` seconds after the order and "delivers" it `deliverAfterS` seconds
 * later (RIBBON_SIMULATED_SHIP_AFTER_S / RIBBON_SIMULATED_DELIVER_AFTER_S). Stateless: the
 * status follows from the order time, so any process can answer for any order.
 */
export class SimulatedWarehouse implements FulfilmentProvider {
  readonly name = "simulated";
  private readonly shipAfterMs: number;
  private readonly deliverAfterMs: number;

  constructor(options: SimulatedWarehouseOptions = {}) {
    this.shipAfterMs = (options.shipAfterS ?? config.simulatedShipAfterS) * 1000;
    this.deliverAfterMs = (options.deliverAfterS ?? config.simulatedDeliverAfterS) * 1000;
  }

  async submit(order: FulfilmentOrder): Promise<{ orderId: string }> {
    return { orderId: `SIM-${order.giftId}` };
  }

  async status(order: { orderId: string; giftId: string; submittedAt: Date }, now: Date): Promise<OrderStatus> {
    const elapsed = now.getTime() - order.submittedAt.getTime();
    if (elapsed < this.shipAfterMs) return { status: "pending" };
    const trackingNumber = `RBN${sha256(order.orderId).slice(0, 12).toUpperCase()}`;
    const tracking = {
      carrier: "Ribbon Post (simulated)",
      trackingNumber,
      trackingUrl: `https://tracking.example.com/${trackingNumber}`,
    };
    return { status: elapsed < this.shipAfterMs + this.deliverAfterMs ? "shipped" : "delivered", ...tracking };
  }
}
