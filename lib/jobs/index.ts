// Background work. With Inngest configured, Inngest calls the functions served at
// /api/inngest; without it, the in-process sweeper calls the same domain functions.
import { inngest } from "./client";
import { createFunctions } from "./functions";

export { inngest } from "./client";
export { createFunctions, type JobDependencies } from "./functions";
export { giftCancelled, giftScheduled, notifyGiftCancelled, notifyGiftsScheduled, sendsJobEvents } from "./events";
export { createSweeper, startSweeper, stopSweeper, type Sweeper, type SweeperOptions } from "./sweeper";

/** The functions the serve route registers with Inngest. */
export const functions = Object.values(createFunctions(inngest));
