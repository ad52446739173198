"use client";
// A client component for its forms' sake (each shows its action's answer); the page renders the rows.

import { useActionState, type ReactNode } from "react";
import { BUTTON } from "./ActionForm";

/** A refused field: the API's words and code (`/webhook_endpoint/url` → `url`). */
export type WebhookFieldError = { detail: string; code: string };
/** What a webhook form's action did: its words, and a signing secret shown this once (create, roll). */
export type WebhookDone = { ok: string; secret?: string };
/** What a webhook form's server action answers; a refusal gives back what was typed (the form is drawn again with it). */
export type WebhookFormState =
  null | WebhookDone | { error: string; fields: Record<string, WebhookFieldError>; values?: WebhookFormValues };
export type WebhookFormValues = { url: string; description: string; eventTypes: string[] };
export type WebhookFormAction = (previous: WebhookFormState, form: FormData) => Promise<WebhookFormState>;

/** An instant as the page says it (written out on the server, UTC named) and its ISO form for `<time>`. */
export type WrittenInstant = { iso: string; text: string };

function When({ at }: { at: WrittenInstant }) {
  return <time dateTime={at.iso}>{at.text}</time>;
}

/** One endpoint as the page shows it. */
export type WebhookEndpointRow = {
  id: string;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  created: WrittenInstant;
  /** Until when the previous secret still signs after a roll (null: no roll in the last 24 hours). */
  previousSecretUntil: WrittenInstant | null;
  attempts: {
    id: string;
    at: WrittenInstant;
    eventType: string;
    attempt: number;
    succeeded: boolean;
    /** "HTTP 200", or the error ("connection refused"). */
    result: string;
    durationMs: number;
    replay: boolean;
  }[];
  /** Older attempts exist beyond those shown (the API pages through them). */
  moreAttempts: boolean;
};

export type WebhooksSectionProps = {
  teamId: string;
  owner: boolean;
  endpoints: WebhookEndpointRow[];
  eventTypes: readonly string[];
  maxEndpoints: number;
  /** The replay form's default and earliest `since` (datetime-local, UTC): 24 hours and 30 days ago. */
  replay: { since: string; earliest: string };
  actions: {
    create: WebhookFormAction;
    update: WebhookFormAction;
    setEnabled: WebhookFormAction;
    rotate: WebhookFormAction;
    remove: WebhookFormAction;
    replay: WebhookFormAction;
  };
};

const fieldClass = "mt-1 block w-full rounded-lg border border-stone-400 px-3 py-2";
const summaryClass = "cursor-pointer text-sm font-medium text-red-800 underline";

type Errors = Record<string, WebhookFieldError>;

/**
 * A form posting to one of the webhook actions, with its answer beside it: the words, a refused
 * field marked where it is (the children get the errors), and a new signing secret shown once.
 */
function WebhookForm({
  action,
  submitLabel,
  variant = "quiet",
  testId,
  className = "flex flex-wrap items-end gap-3",
  disclosure,
  children,
}: {
  action: WebhookFormAction;
  submitLabel: string;
  variant?: keyof typeof BUTTON;
  testId?: string;
  className?: string;
  /** Behind a <details> (open once the form has an answer, so a page drawn again after a post shows it). */
  disclosure?: { summary: string; before?: ReactNode; after?: ReactNode };
  children: (errors: Errors, values?: WebhookFormValues) => ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const errors = state && "fields" in state ? state.fields : {};
  const values = state && "values" in state ? state.values : undefined;
  const form = (
    <form action={formAction} className={className} data-testid={testId}>
      {children(errors, values)}
      <button type="submit" disabled={pending} className={BUTTON[variant]}>
        {submitLabel}
      </button>
      {state && "error" in state && (
        <p role="alert" className="basis-full rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      {state && "ok" in state && (
        <div role="status" className="basis-full text-sm text-green-800">
          <p>{state.ok}</p>
          {state.secret && <Secret secret={state.secret} />}
        </div>
      )}
    </form>
  );
  if (!disclosure) return form;
  return (
    <details className="mt-3" open={state ? true : undefined}>
      <summary className={summaryClass}>{disclosure.summary}</summary>
      {disclosure.before}
      {form}
      {disclosure.after}
    </details>
  );
}

/** A signing secret, Stripe-style: shown once, right after it was made, to be copied now. */
function Secret({ secret }: { secret: string }) {
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-900">
      <p className="font-medium">Copy the signing secret now: it is shown only this once.</p>
      <code data-testid="webhook-secret" className="mt-2 block break-all select-all rounded bg-white px-2 py-1">
        {secret}
      </code>
      <p className="mt-2 text-stone-700">
        Ribbon keeps it sealed and never shows it again; roll the secret if it is lost. Verify each message&apos;s{" "}
        <code>webhook-signature</code> with it (
        <a href="/docs#tag-Webhooks" className="underline">
          how
        </a>
        ).
      </p>
    </div>
  );
}

/** A refused field's words under it, tied to the field by `aria-describedby`. */
function FieldError({ id, error }: { id: string; error?: WebhookFieldError }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800" data-code={error.code}>
      {error.detail}
    </p>
  );
}

/** The URL, description and event types of an endpoint: the add form (all types ticked) and each edit form. */
function EndpointFields({
  prefix,
  errors,
  eventTypes,
  endpoint,
  values,
}: {
  prefix: string;
  errors: Errors;
  eventTypes: readonly string[];
  endpoint?: WebhookEndpointRow;
  /** What was typed, after a refusal. */
  values?: WebhookFormValues;
}) {
  const shown = values ?? {
    url: endpoint?.url ?? "",
    description: endpoint?.description ?? "",
    eventTypes: endpoint ? endpoint.eventTypes : [...eventTypes],
  };
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${prefix}-${name}-error` } : {};
  return (
    <div className="basis-full space-y-4">
      <div>
        <label htmlFor={`${prefix}-url`} className="text-sm font-medium">
          Endpoint URL
        </label>
        <input
          id={`${prefix}-url`}
          name="url"
          type="url"
          required
          maxLength={2048}
          autoComplete="off"
          placeholder="https://example.com/ribbon/webhooks"
          defaultValue={shown.url}
          className={fieldClass}
          {...invalid("url")}
        />
        <FieldError id={`${prefix}-url-error`} error={errors.url} />
      </div>
      <div>
        <label htmlFor={`${prefix}-description`} className="text-sm font-medium">
          Description (optional)
        </label>
        <input
          id={`${prefix}-description`}
          name="description"
          maxLength={500}
          autoComplete="off"
          defaultValue={shown.description}
          className={fieldClass}
          {...invalid("description")}
        />
        <FieldError id={`${prefix}-description-error`} error={errors.description} />
      </div>
      <fieldset {...(errors.event_types ? { "aria-describedby": `${prefix}-event_types-error` } : {})}>
        <legend className="text-sm font-medium">Event types</legend>
        <ul className="mt-1 grid gap-1 sm:grid-cols-3">
          {eventTypes.map((type) => (
            <li key={type}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="event_type"
                  value={type}
                  defaultChecked={shown.eventTypes.includes(type)}
                />
                <code>{type}</code>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id={`${prefix}-event_types-error`} error={errors.event_types} />
      </fieldset>
    </div>
  );
}

function Attempts({ endpoint }: { endpoint: WebhookEndpointRow }) {
  if (endpoint.attempts.length === 0) return <p className="mt-2 text-sm text-stone-700">No delivery attempts yet.</p>;
  return (
    <>
      <table className="mt-2 w-full text-left text-sm" data-testid="webhook-attempts">
        <caption className="text-left font-medium">Recent delivery attempts</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-1 pr-3 font-medium">
              Time
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Event
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Attempt
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Took
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoint.attempts.map((a) => (
            <tr key={a.id} className="border-b border-stone-200" data-testid="webhook-attempt">
              <td className="py-1 pr-3 tabular-nums">
                <When at={a.at} />
              </td>
              <td className="py-1 pr-3">
                <code>{a.eventType}</code>
                {a.replay && <span className="ml-2 rounded bg-stone-200 px-1">replay</span>}
              </td>
              <td className="py-1 pr-3 tabular-nums">{a.attempt}</td>
              <td className={`py-1 pr-3 ${a.succeeded ? "text-green-800" : "text-red-800"}`}>{a.result}</td>
              <td className="py-1 text-right tabular-nums">{a.durationMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
      {endpoint.moreAttempts && (
        <p className="mt-1 text-sm text-stone-700">
          Older attempts: <code>GET /api/v1/webhook-endpoints/{endpoint.id}/attempts</code>.
        </p>
      )}
    </>
  );
}

function Endpoint({
  teamId,
  endpoint,
  eventTypes,
  replay,
  actions,
}: { endpoint: WebhookEndpointRow } & Pick<WebhooksSectionProps, "teamId" | "eventTypes" | "replay" | "actions">) {
  const ids = (
    <>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="endpoint" value={endpoint.id} />
    </>
  );
  const allTypes = eventTypes.every((t) => endpoint.eventTypes.includes(t));
  const prefix = `webhook-${endpoint.id}`;
  return (
    <li className="py-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <code className="font-medium break-all">{endpoint.url}</code>
        <span
          className={`rounded-full px-2 text-sm ${endpoint.enabled ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          data-testid="webhook-state"
        >
          {endpoint.enabled ? "Enabled" : "Disabled"}
        </span>
      </div>
      {endpoint.description && (
        <p className="mt-1 text-stone-800" data-testid="webhook-description">
          {endpoint.description}
        </p>
      )}
      {!endpoint.enabled && endpoint.disabledReason && (
        <p className="mt-1 text-sm text-red-800">
          {endpoint.disabledReason}. Nothing is sent to it; its waiting deliveries resume when it is re-enabled.
        </p>
      )}
      <p className="mt-1 text-sm text-stone-700" data-testid="webhook-event-types">
        {allTypes ? "All event types" : endpoint.eventTypes.join(", ")}. Added <When at={endpoint.created} />.
        <span className="sr-only"> Endpoint id {endpoint.id}.</span>
      </p>
      {endpoint.previousSecretUntil && (
        <p className="mt-1 text-sm text-stone-700">
          The previous secret also signs until <When at={endpoint.previousSecretUntil} />.
        </p>
      )}

      <div className="mt-3 flex flex-wrap items-start gap-3">
        <WebhookForm action={actions.setEnabled} submitLabel={endpoint.enabled ? "Pause" : "Re-enable"}>
          {() => (
            <>
              {ids}
              <input type="hidden" name="enabled" value={endpoint.enabled ? "false" : "true"} />
            </>
          )}
        </WebhookForm>
        <WebhookForm action={actions.rotate} submitLabel="Roll secret" testId="webhook-rotate">
          {() => ids}
        </WebhookForm>
      </div>

      <WebhookForm
        action={actions.update}
        submitLabel="Save endpoint"
        variant="primary"
        testId="webhook-edit"
        className="mt-2 flex flex-wrap items-end gap-3"
        disclosure={{ summary: "Edit" }}
      >
        {(errors, values) => (
          <>
            {ids}
            <EndpointFields
              prefix={`${prefix}-edit`}
              errors={errors}
              eventTypes={eventTypes}
              endpoint={endpoint}
              values={values}
            />
          </>
        )}
      </WebhookForm>

      <Attempts endpoint={endpoint} />

      <WebhookForm
        action={actions.replay}
        submitLabel="Replay"
        testId="webhook-replay"
        className="mt-2 flex flex-wrap items-end gap-3"
        disclosure={{
          summary: "Replay events",
          after: (
            <p className="mt-1 text-sm text-stone-700">
              Within the last 30 days; each event the endpoint subscribes to is sent again with its original{" "}
              <code>webhook-id</code> and body.
            </p>
          ),
        }}
      >
        {(errors) => (
          <>
            {ids}
            <div>
              <label htmlFor={`${prefix}-since`} className="text-sm font-medium">
                Re-send the events since (UTC)
              </label>
              <input
                id={`${prefix}-since`}
                name="since"
                type="datetime-local"
                required
                min={replay.earliest}
                defaultValue={replay.since}
                className={fieldClass}
                {...(errors.since ? { "aria-invalid": true, "aria-describedby": `${prefix}-since-error` } : {})}
              />
              <FieldError id={`${prefix}-since-error`} error={errors.since} />
            </div>
          </>
        )}
      </WebhookForm>

      <WebhookForm
        action={actions.remove}
        submitLabel="Delete this endpoint"
        variant="danger"
        testId="webhook-delete"
        className="mt-2 flex flex-wrap items-end gap-3"
        disclosure={{
          summary: "Delete…",
          before: (
            <p className="mt-2 text-sm text-stone-800">
              Deleting stops every delivery to {endpoint.url} at once, its waiting deliveries included. It can&apos;t be
              undone.
            </p>
          ),
        }}
      >
        {() => ids}
      </WebhookForm>
    </li>
  );
}

/** The team's webhook endpoints: owners list, add, edit, pause, roll, replay and delete them; others are told who does. */
export function WebhooksSection(props: WebhooksSectionProps) {
  const { teamId, owner, endpoints, eventTypes, maxEndpoints, actions } = props;
  return (
    <section className="mt-10" aria-labelledby="webhooks">
      <h2 id="webhooks" className="text-xl font-semibold">
        Webhooks
      </h2>
      {!owner ? (
        <p className="mt-2 text-sm text-stone-700">Only the team&apos;s owners manage its webhook endpoints.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-700">
            Ribbon POSTs a signed message to each endpoint when one of the team&apos;s gifts changes (
            <a href="/docs#tag-Webhooks" className="underline">
              the messages and their signature
            </a>
            ). At most {maxEndpoints} endpoints; the same endpoints as the API&apos;s <code>/webhook-endpoints</code>.
          </p>
          {endpoints.length === 0 ? (
            <p className="mt-4 text-sm text-stone-700">No endpoints yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-stone-200" data-testid="webhook-endpoints">
              {endpoints.map((e) => (
                <Endpoint
                  key={e.id}
                  teamId={teamId}
                  endpoint={e}
                  eventTypes={eventTypes}
                  replay={props.replay}
                  actions={actions}
                />
              ))}
            </ul>
          )}

          <h3 className="mt-8 text-lg font-semibold">Add an endpoint</h3>
          <WebhookForm
            action={actions.create}
            submitLabel="Add endpoint"
            variant="primary"
            testId="webhook-create"
            className="mt-2 flex flex-wrap items-end gap-3"
          >
            {(errors, values) => (
              <>
                <input type="hidden" name="team" value={teamId} />
                <EndpointFields prefix="webhook-new" errors={errors} eventTypes={eventTypes} values={values} />
              </>
            )}
          </WebhookForm>
        </>
      )}
    </section>
  );
}
