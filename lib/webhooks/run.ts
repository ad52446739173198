import type { PrismaClient } from "@/lib/db";
import { deliverDueWebhooks, type AttemptResult, type WebhookWorkerOptions } from "./deliver";
import { fanOutEvents } from "./fan-out";

export type WebhookRunSummary = {
  events: number;
  deliveries: number;
  attempts: number;
  succeeded: number;
  retried: number;
  failed: number;
};

/**
 * One run of the webhook worker, as the sweeper and the Inngest cron call it: turn new
 * gift events into deliveries, then attempt the due deliveries, batch after batch until a
 * short batch (or `maxBatches`).
 */
export async function runWebhooks(
  db: PrismaClient,
  options: WebhookWorkerOptions & { maxBatches?: number } = {},
): Promise<WebhookRunSummary> {
  const summary: WebhookRunSummary = { events: 0, deliveries: 0, attempts: 0, succeeded: 0, retried: 0, failed: 0 };
  const limit = options.limit ?? 50;
  for (let i = 0; i < (options.maxBatches ?? 20); i++) {
    const fanned = await fanOutEvents(db, { now: options.now });
    summary.events += fanned.events;
    summary.deliveries += fanned.deliveries;
    const results: AttemptResult[] = await deliverDueWebhooks(db, { ...options, limit });
    summary.attempts += results.length;
    for (const r of results) summary[r.outcome === "retry" ? "retried" : r.outcome]++;
    if (results.length < limit && fanned.events === 0) break;
  }
  return summary;
}
