// Fulfilment: orders for redeemed gifts, shipping and delivery, behind a provider interface.
export {
  advanceFulfilment,
  defaultProvider,
  fulfilmentRetryDelayMs,
  FULFILMENT_LEASE_MS,
  MAX_FULFILMENT_ATTEMPTS,
} from "./advance";
export type { FulfilmentOptions, FulfilmentSummary } from "./advance";
export type { FulfilmentOrder, FulfilmentProvider, OrderStatus, Tracking } from "./provider";
export { SimulatedWarehouse, type SimulatedWarehouseOptions } from "./simulated";
