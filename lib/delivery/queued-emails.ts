// The email queue lives in lib/outbox/queued-emails.ts. This re-export stays only for
// lib/simulation/test-clock.ts, which another change is rewriting; import lib/outbox.
export { sendQueuedEmailNow } from "@/lib/outbox/queued-emails";
