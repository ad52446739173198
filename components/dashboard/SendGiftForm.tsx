"use client";

import Link from "next/link";
import { useActionState, useEffect, useMemo, useRef, type ReactNode } from "react";
import { CountrySelect } from "@/components/forms/CountrySelect";
import { MarkupSelect } from "@/components/forms/MarkupSelect";
import type { FieldErrors, SendField } from "@/lib/dashboard";
import { LANGUAGE_NAMES, LOCALES } from "@/lib/i18n/locales";
import type { SendState } from "./send-state";
import type { timeZoneChoices } from "@/lib/format/time-zone-choices";

type TimeZones = ReturnType<typeof timeZoneChoices>;

type Collection = { id: number; name: string; description: string; price: string; imageUrl: string };
type Design = { id: string; name: string; thumbnailUrl: string };

type Props = {
  action: (previous: SendState, form: FormData) => Promise<SendState>;
  initial: SendState;
  teamId: string;
  mode: "live" | "sandbox";
  formKey: string;
  collections: Collection[];
  designs: Design[];
  /** The IANA time zones the server knows, for the send time's zone. */
  timeZones: TimeZones;
  /** The countries the team's collections reach, named: the recipient's country choices. */
  countries: { code: string; name: string }[];
};

const input = "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2";

function Field({
  name,
  label,
  errors,
  hint,
  children,
}: {
  name: SendField;
  label: string;
  errors: FieldErrors;
  hint?: string;
  children: (described: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const error = errors[name];
  const ids = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={`send-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id: `send-${name}`,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(ids ? { "aria-describedby": ids } : {}),
      })}
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The send time's zone: the person's pick once the form has been answered, else the browser's
 * (set after hydration, under today's name of its group; without JavaScript the page's UTC
 * stays, and says so).
 */
function TimeZoneSelect({ chosen, timeZones, ...a }: { chosen?: string; timeZones: TimeZones; id: string }) {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (chosen || !select.current || !browser) return;
    const zone = timeZones.sameAs[browser] ?? browser;
    if (![...select.current.options].some((o) => o.value === zone)) select.current.add(new Option(zone, zone));
    select.current.value = zone;
  }, [chosen, timeZones]);
  const options = useMemo(() => {
    const { choices } = timeZones;
    const zones =
      chosen && !choices.some((c) => c.name === chosen) ? [{ name: chosen, label: chosen }, ...choices] : choices;
    return zones.map((zone) => ({ value: zone.name, label: zone.label }));
  }, [chosen, timeZones]);
  return (
    <MarkupSelect {...a} ref={select} name="time_zone" chosen={chosen || "UTC"} options={options} className={input} />
  );
}

/** Send one gift: fill in, preview the email and the price, confirm. One gift per form, however often it is submitted. */
export function SendGiftForm({
  action,
  initial,
  teamId,
  mode,
  formKey,
  collections,
  designs,
  timeZones,
  countries,
}: Props) {
  const [state, formAction, pending] = useActionState(action, initial);
  const { values, errors } = state;
  return (
    <form key={state.version} action={formAction} className="mt-6 grid gap-6 lg:grid-cols-[1fr_1fr]" noValidate>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="form_key" value={formKey} />
      {state.previewed && <input type="hidden" name="previewed" value={state.previewed} />}
      {state.quote?.id && <input type="hidden" name="quote" value={state.quote.id} />}

      <div className="space-y-4">
        {errors.form && (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-red-800" data-testid="error-form">
            {errors.form}
            {state.noCard && (
              <>
                {" "}
                <Link href={`/teams/${encodeURIComponent(teamId)}#card`} className="font-semibold underline">
                  Put a card on file
                </Link>{" "}
                on the team&apos;s page, or{" "}
                <Link href={`/dashboard/${encodeURIComponent(teamId)}/send?mode=sandbox`} className="underline">
                  send it free in the sandbox
                </Link>
                .
              </>
            )}
          </p>
        )}
        <Field name="name" label="Recipient's name" errors={errors}>
          {(a) => <input {...a} name="name" defaultValue={values.name} maxLength={200} className={input} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">Send by</legend>
          <div className="mt-1 flex gap-4">
            {(["email", "link"] as const).map((method) => (
              <label key={method} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="delivery_method"
                  value={method}
                  defaultChecked={(values.delivery_method || "email") === method}
                />
                {method === "email" ? "Email (Ribbon sends it)" : "A link you share"}
              </label>
            ))}
          </div>
        </fieldset>
        <Field name="email" label="Recipient's email" errors={errors} hint="Needed when Ribbon emails the gift.">
          {(a) => <input {...a} name="email" type="email" defaultValue={values.email} className={input} />}
        </Field>
        <fieldset>
          <legend className="text-sm font-medium">Collection</legend>
          <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {collections.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer gap-3 rounded-lg border border-stone-300 bg-white p-2 has-[:checked]:border-stone-900 has-[:checked]:ring-1 has-[:checked]:ring-stone-900"
              >
                <input
                  type="radio"
                  name="collection"
                  value={String(c.id)}
                  defaultChecked={values.collection === String(c.id)}
                  className="mt-1"
                />
                {/* eslint-disable-next-line @next/next/no-img-element -- catalogue images are served as they are */}
                <img src={c.imageUrl} alt="" className="h-12 w-12 shrink-0 rounded object-cover" />
                <span className="text-sm">
                  <span className="block font-medium">{c.name}</span>
                  <span className="block text-stone-700">{c.price}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.collection && (
            <p className="mt-1 text-sm text-red-800" data-testid="error-collection" role="alert">
              {errors.collection}
            </p>
          )}
        </fieldset>
        <Field name="design_id" label="Card design" errors={errors}>
          {(a) => (
            <select {...a} name="design_id" defaultValue={values.design_id} className={input}>
              <option value="">No card design</option>
              {designs.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="message" label="Message" errors={errors}>
          {(a) => <textarea {...a} name="message" rows={4} defaultValue={values.message} className={input} />}
        </Field>
        <Field name="from" label="From" errors={errors} hint="Signed at the bottom of the card.">
          {(a) => <input {...a} name="from" defaultValue={values.from} maxLength={200} className={input} />}
        </Field>
        <Field name="subject" label="Email subject (optional)" errors={errors}>
          {(a) => <input {...a} name="subject" defaultValue={values.subject} maxLength={200} className={input} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="scheduled_at"
            label="Send at (optional)"
            errors={errors}
            hint="In the time zone below. Empty: 5 minutes after you send."
          >
            {(a) => (
              <input
                {...a}
                name="scheduled_at"
                type="datetime-local"
                defaultValue={values.scheduled_at}
                className={input}
              />
            )}
          </Field>
          {state.pastSendTime && (
            <div className="sm:col-span-2" data-testid="send-now-offer">
              <button type="submit" name="intent" value="send_now" disabled={pending} className="button-secondary">
                Send now instead
              </button>
              <span className="ml-2 text-sm text-stone-700">Empties &ldquo;Send at&rdquo; and prices it again.</span>
            </div>
          )}
          <Field name="time_zone" label="Time zone" errors={errors}>
            {(a) => <TimeZoneSelect {...a} chosen={values.time_zone} timeZones={timeZones} />}
          </Field>
          <Field
            name="expires_on"
            label="Expires on (optional)"
            errors={errors}
            hint="The last day they can choose their gift. Empty: no end date."
          >
            {(a) => <input {...a} name="expires_on" type="date" defaultValue={values.expires_on} className={input} />}
          </Field>
        </div>
        <Field
          name="locale"
          label="Recipient's language"
          errors={errors}
          hint="Their gift page and emails. Automatic: the page follows their browser; emails are in English."
        >
          {(a) => (
            <select {...a} name="locale" defaultValue={values.locale ?? ""} className={input}>
              <option value="">Automatic</option>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {LANGUAGE_NAMES[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          name="recipient_country"
          label="Recipient's country (optional)"
          errors={errors}
          hint="Their page then offers only what reaches it, and the price includes any duty and tax on arrival. Empty: they choose on their page."
        >
          {(a) => (
            <CountrySelect
              {...a}
              name="recipient_country"
              defaultValue={values.recipient_country ?? ""}
              className={input}
              placeholder="Not given"
              countries={countries}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" disabled={pending} className="button-secondary">
            {state.step === "confirm" ? "Update the preview" : "Preview and price"}
          </button>
          {state.step === "confirm" && state.quote && (
            <button type="submit" name="intent" value="send" disabled={pending} className="button-primary">
              {state.quote.livemode ? `Send gift for ${state.quote.charge}` : "Send sandbox gift (free)"}
            </button>
          )}
        </div>
      </div>

      <div aria-live="polite">
        {state.step === "confirm" && state.quote && state.preview ? (
          <section aria-labelledby="preview-heading" className="rounded-xl border border-stone-200 bg-white p-4">
            <h2 id="preview-heading" className="text-lg font-semibold">
              Price and preview
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm" data-testid="price">
              <dt className="text-stone-600">Collection</dt>
              <dd>{state.quote.collection}</dd>
              <dt className="text-stone-600">Price</dt>
              <dd className="tabular-nums">{state.quote.perGift}</dd>
              {state.quote.arrival && (
                <>
                  <dt className="text-stone-600">Duties and taxes</dt>
                  <dd className="tabular-nums" data-testid="arrival">
                    {state.quote.arrival === "included"
                      ? "Included in the price"
                      : `${state.quote.arrival.duties} duty and ${state.quote.arrival.taxes} tax, estimated and charged with the gift: the recipient pays nothing on arrival`}
                  </dd>
                </>
              )}
              {state.quote.sendsAt !== undefined && (
                <>
                  <dt className="text-stone-600">Sends</dt>
                  <dd data-testid="sends-at">{state.quote.sendsAt ?? "5 minutes after you send"}</dd>
                </>
              )}
              <dt className="text-stone-600">Charged now</dt>
              <dd className="tabular-nums font-semibold">
                {state.quote.charge}
                {!state.quote.livemode && " (sandbox: never charged)"}
              </dd>
            </dl>
            <p className="mt-4 text-sm">
              Subject: <strong>{state.preview.subject}</strong>
            </p>
            <p id="preview-placeholder" className="mt-2 text-sm text-stone-700" data-testid="preview-placeholder">
              A preview: its &ldquo;untie&rdquo; button is a placeholder that leads nowhere. The gift&apos;s own link is
              made when you send it, and its page shows it.
            </p>
            <iframe
              aria-describedby="preview-placeholder"
              title="The email as the recipient will see it"
              srcDoc={state.preview.html}
              sandbox=""
              className="mt-2 h-[640px] w-full rounded-lg border border-stone-200"
            />
          </section>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 p-6 text-sm text-stone-700">
            Preview the gift to see the email as the recipient will and the price, before anything is sent or charged.
          </p>
        )}
      </div>
    </form>
  );
}
