"use server";

import { revalidatePath } from "next/cache";
import type { FieldProblem } from "@/lib/errors";
import { formField, onTeamForm, type TeamFormContext } from "@/lib/site/form-action";
import {
  allowPrivateAddresses,
  createEndpoint,
  deleteEndpoint,
  parseEndpointInput,
  parseReplayInput,
  replayEvents,
  rotateSecret,
  updateEndpoint,
} from "@/lib/webhooks";
import type { WebhookDone, WebhookFormState, WebhookFormValues } from "@/components/teams/WebhooksSection";

// The team page's webhook endpoint forms: the API's own parsers and domain functions
// (lib/webhooks), so the rules, the owner check (requireWebhookManager) and the words of every
// refusal are the API's. Every action is a public endpoint: the person comes from the session,
// the team and the endpoint from the form, and the domain function checks the role.

/** Where a problem's pointer lands on the form: `/webhook_endpoint/url` → `url`, `/since` → `since`. */
const fieldOf = (problem: FieldProblem) => problem.pointer?.split("/").at(-1) || "form";

/** Runs one webhook change as the signed-in owner on the form's team; a refused field is marked beside it. */
async function onWebhooks(
  form: FormData,
  change: (context: TeamFormContext) => Promise<WebhookDone>,
  values?: WebhookFormValues,
): Promise<WebhookFormState> {
  const teamId = formField(form, "team");
  let problems: FieldProblem[] = [];
  const outcome = await onTeamForm(teamId, "live", change, (found) => {
    problems = found;
    return found.length === 1 ? `${found[0].detail}.` : "Not saved: fix the fields marked below.";
  });
  if ("error" in outcome)
    return {
      error: outcome.error,
      fields: Object.fromEntries(problems.map((p) => [fieldOf(p), { detail: p.detail, code: p.code ?? "invalid" }])),
      ...(values ? { values } : {}),
    };
  revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
  return outcome.done;
}

/** What the create and edit forms posted: the URL, the description and the ticked event types. */
const typed = (form: FormData): WebhookFormValues => ({
  url: formField(form, "url"),
  description: formField(form, "description"),
  eventTypes: form.getAll("event_type").map(String),
});

/** Those fields as the API's `webhook_endpoint` body. */
const endpointBody = ({ url, description, eventTypes }: WebhookFormValues) => ({
  webhook_endpoint: { url, description, event_types: eventTypes },
});

/** Adds an endpoint; its signing secret is in the answer this once (stored sealed, never shown again). */
export async function createWebhookAction(_previous: WebhookFormState, form: FormData): Promise<WebhookFormState> {
  const values = typed(form);
  return onWebhooks(
    form,
    async ({ db, actor }) => {
      const input = parseEndpointInput(endpointBody(values), { create: true, allowPrivate: allowPrivateAddresses() });
      const { endpoint, secret } = await createEndpoint(db, actor, actor.team, input);
      return { ok: `Endpoint added: ${endpoint.url}`, secret };
    },
    values,
  );
}

/** Changes an endpoint's URL, description and event types (an empty description clears it). */
export async function updateWebhookAction(_previous: WebhookFormState, form: FormData): Promise<WebhookFormState> {
  const values = typed(form);
  return onWebhooks(
    form,
    async ({ db, actor }) => {
      const input = parseEndpointInput(endpointBody(values), { create: false, allowPrivate: allowPrivateAddresses() });
      await updateEndpoint(db, actor, actor.team, formField(form, "endpoint"), input);
      return { ok: "Endpoint saved." };
    },
    values,
  );
}

/** Pauses an endpoint (`enabled=false`) or re-enables it (`true`: its failure streak cleared, waiting deliveries resume). */
export async function setWebhookEnabledAction(_previous: WebhookFormState, form: FormData): Promise<WebhookFormState> {
  return onWebhooks(form, async ({ db, actor }) => {
    const value = formField(form, "enabled");
    const enabled = value === "true" ? true : value === "false" ? false : value;
    const input = parseEndpointInput(
      { webhook_endpoint: { enabled } },
      { create: false, allowPrivate: allowPrivateAddresses() },
    );
    const endpoint = await updateEndpoint(db, actor, actor.team, formField(form, "endpoint"), input);
    return {
      ok: endpoint.enabled ? "Endpoint re-enabled." : "Endpoint paused: nothing is sent to it until it is re-enabled.",
    };
  });
}

/** A new signing secret, shown this once; the previous one keeps signing for 24 hours. */
export async function rotateWebhookSecretAction(
  _previous: WebhookFormState,
  form: FormData,
): Promise<WebhookFormState> {
  return onWebhooks(form, async ({ db, actor }) => {
    const { secret } = await rotateSecret(db, actor, actor.team, formField(form, "endpoint"));
    return { ok: "Secret rolled: messages carry both signatures for 24 hours.", secret };
  });
}

/** Deletes an endpoint (its pending deliveries go with it); the form is behind its confirm step. */
export async function deleteWebhookAction(_previous: WebhookFormState, form: FormData): Promise<WebhookFormState> {
  return onWebhooks(form, async ({ db, actor }) => {
    const endpoint = await deleteEndpoint(db, actor, actor.team, formField(form, "endpoint"));
    return { ok: `Endpoint deleted: ${endpoint.url}` };
  });
}

/**
 * Re-sends the events since a time (the form's `datetime-local`, read as UTC) that the endpoint
 * subscribes to, as the API's replay does: within the last 30 days, at most 10,000 events.
 */
export async function replayWebhookAction(_previous: WebhookFormState, form: FormData): Promise<WebhookFormState> {
  return onWebhooks(form, async ({ db, actor }) => {
    const now = new Date();
    const local = formField(form, "since").trim();
    const since = parseReplayInput(
      { since: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00Z` : `${local}Z` },
      now,
    );
    const { deliveries } = await replayEvents(db, actor, actor.team, formField(form, "endpoint"), since, now);
    return {
      ok:
        deliveries === 0
          ? "No events to replay since then."
          : `Replay queued: ${deliveries} deliver${deliveries === 1 ? "y" : "ies"}, sent within seconds.`,
    };
  });
}
