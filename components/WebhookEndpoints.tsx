import type { listEndpointsForUser } from "@/lib/webhooks";
import type { TestEventState } from "./WebhookTestButton";
import { WebhookTestButton } from "./WebhookTestButton";

type Props = {
  endpoints: Awaited<ReturnType<typeof listEndpointsForUser>>;
  send: (previous: TestEventState, formData: FormData) => Promise<TestEventState>;
};

/** The account page's webhook endpoints, each with its latest attempts and a test button. */
export function WebhookEndpoints({ endpoints, send }: Props) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold">Webhooks</h2>
      <p className="mt-2 text-stone-600">
        A team&apos;s owners manage its endpoints on the team&apos;s page (or through the API&apos;s{" "}
        <code>/webhook-endpoints</code>); here are the latest deliveries to each.
      </p>
      {endpoints.length === 0 ? (
        <p className="mt-2 text-sm text-stone-500">None.</p>
      ) : (
        <ul className="mt-4 space-y-6 text-sm" data-testid="webhook-endpoints">
          {endpoints.map((e) => (
            <li key={e.id}>
              <p>
                <code className="break-all">{e.url}</code>{" "}
                <span className="text-stone-500">
                  ({e.teamId}
                  {e.enabled ? "" : ", disabled"})
                </span>
                {e.description && <span className="text-stone-600"> — {e.description}</span>}
              </p>
              {e.disabledReason && <p className="text-red-700">{e.disabledReason}</p>}
              {e.attempts.length === 0 ? (
                <p className="mt-1 text-stone-500">No deliveries yet.</p>
              ) : (
                <ul className="mt-1 space-y-0.5 text-stone-700">
                  {e.attempts.map((a) => (
                    <li key={a.id}>
                      {a.createdAt.toISOString().slice(0, 19).replace("T", " ")} {a.delivery.eventType}:{" "}
                      <span className={a.succeeded ? "text-green-700" : "text-red-700"}>
                        {a.responseStatus !== null ? `HTTP ${a.responseStatus}` : (a.error ?? "failed")}
                      </span>{" "}
                      ({a.durationMs} ms)
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-2">
                <WebhookTestButton endpointId={e.id} send={send} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
