import { Inngest } from "inngest";

/**
 * The Inngest client. The SDK reads its settings from the environment: INNGEST_EVENT_KEY
 * and INNGEST_SIGNING_KEY (Inngest Cloud), or INNGEST_DEV=1 and INNGEST_BASE_URL (dev server).
 */
export const inngest = new Inngest({ id: "ribbon" });
