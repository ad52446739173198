"use client";

import { useActionState, useState, startTransition, type FormEvent } from "react";
import type { UploadPreview } from "@/lib/dashboard/upload";
import { fileTooLarge } from "@/lib/http/body-limits.mjs";

/** The preview as the page shows it: amounts already formatted. */
export type UploadPreviewView = Omit<UploadPreview, "collections" | "sample"> & {
  total: string;
  charge: string;
  /** The duties and taxes among the total, formatted; null when no row's are estimated. */
  arrival: string | null;
  collections: { name: string; gifts: number; total: string }[];
  /** The first fine rows, with when each goes out in words. */
  sample: (UploadPreview["sample"][number] & { sends: string })[];
};

/** Where the upload form is: no file read yet, or a file previewed; and any refusal. */
export type UploadState = {
  errors: string[];
  preview?: UploadPreviewView;
  /** Bumped on every answer. */
  version: number;
};

const initialState: UploadState = { errors: [], version: 0 };

type Props = {
  action: (previous: UploadState, form: FormData) => Promise<UploadState>;
  teamId: string;
  mode: "live" | "sandbox";
  formKey: string;
  maxBytes: number;
  maxRows: number;
  templateUrl: string;
};

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Upload a CSV of gifts: preview (rows that are fine, each problem at its row and column,
 * duplicate recipients, the price), then create them all as one batch. With JavaScript the form
 * is submitted by hand (onSubmit), not through its action, so the file input keeps its file
 * between the two steps (React resets a form after its action): the confirm sends the same file
 * again with the preview's hash. Without JavaScript the same form posts to the same server
 * action as a plain HTML form; the page that comes back can't hold the file, so the person
 * chooses it again to create (the hash still has to match the preview's).
 */
export function UploadForm({ action, teamId, mode, formKey, maxBytes, maxRows, templateUrl }: Props) {
  const [state, dispatch, pending] = useActionState(action, initialState);
  const [intent, setIntent] = useState<"preview" | "confirm">("preview");
  const [local, setLocal] = useState<{ version: number; error: string | null; changed: boolean } | null>(null);
  const current = local?.version === state.version ? local : null;
  const preview = state.preview;
  const changed = current?.changed ?? false;
  const errors = current?.error ? [current.error] : state.errors;
  const canCreate =
    preview && !changed && preview.problemCount === 0 && !preview.billingProblem && preview.fineRows > 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const chosen = submitter?.value === "confirm" ? "confirm" : "preview";
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.name === "") {
      setLocal({ version: state.version, error: "Choose a CSV file to upload.", changed });
      return;
    }
    const tooLarge = fileTooLarge(file, maxBytes);
    if (tooLarge) {
      setLocal({ version: state.version, error: tooLarge, changed });
      return;
    }
    setIntent(chosen);
    data.set("intent", chosen);
    startTransition(() => dispatch(data));
  }

  return (
    <form action={dispatch} onSubmit={submit} className="mt-6 space-y-6" noValidate>
      <input type="hidden" name="team" value={teamId} />
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="form_key" value={formKey} />
      {preview && <input type="hidden" name="preview_hash" value={preview.fileHash} />}
      {preview && <input type="hidden" name="preview_total" value={String(preview.totalCents)} />}

      {errors.length > 0 && (
        <div role="alert" className="rounded bg-red-50 px-3 py-2 text-red-800" data-testid="upload-errors">
          {errors.length === 1 ? (
            <p>{errors[0]}</p>
          ) : (
            <ul className="list-disc pl-5">
              {errors.map((error, i) => (
                <li key={i}>{error}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div>
        <label htmlFor="upload-file" className="block text-sm font-medium">
          CSV file
        </label>
        <input
          id="upload-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby="upload-file-hint"
          onChange={() => setLocal({ version: state.version, error: null, changed: true })}
          className="mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2"
        />
        <p id="upload-file-hint" className="mt-1 text-xs text-stone-600">
          Up to {maxRows.toLocaleString("en-US")} rows and {maxBytes / 1024 / 1024} MB, UTF-8 or Latin-1. Start from{" "}
          <a href={templateUrl} className="underline" download>
            the template
          </a>
          .
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="preview" disabled={pending} className="button-secondary">
          {preview ? "Preview again" : "Preview"}
        </button>
        {canCreate && (
          <button type="submit" name="intent" value="confirm" disabled={pending} className="button-primary">
            {preview.livemode
              ? `Create ${count(preview.fineRows, "gift")} for ${preview.charge}`
              : `Create ${count(preview.fineRows, "sandbox gift")} (free)`}
          </button>
        )}
        <p aria-live="polite" className="text-sm text-stone-700">
          {pending ? (intent === "confirm" ? "Creating the gifts…" : "Reading the file…") : ""}
        </p>
      </div>
      {canCreate && (
        <noscript>
          <p className="text-sm" data-testid="upload-no-script">
            Choose the same file again above, then create: without JavaScript the page can&apos;t keep it.
          </p>
        </noscript>
      )}

      {preview && <PreviewSummary preview={preview} changed={changed} />}
    </form>
  );
}

/** The preview's tables' header: one column heading each. */
function HeaderRow({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr className="border-b border-stone-200">
        {columns.map((column, i) => (
          <th key={column} scope="col" className={i < columns.length - 1 ? "py-1 pr-4" : "py-1"}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function PreviewSummary({ preview, changed }: { preview: UploadPreviewView; changed: boolean }) {
  const more = preview.problemCount - preview.problems.length;
  const moreDuplicates = preview.duplicateCount - preview.duplicates.length;
  return (
    <section
      aria-labelledby="upload-preview-heading"
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="upload-preview"
    >
      <h2 id="upload-preview-heading" className="text-lg font-semibold">
        Preview of {preview.fileName}
      </h2>
      {changed && (
        <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-amber-900">
          You chose another file: preview it before creating anything.
        </p>
      )}
      <p className="mt-2" data-testid="upload-counts">
        {count(preview.rows, "row")} read: <strong>{count(preview.fineRows, "row")} fine</strong>
        {preview.problemCount > 0 && (
          <>
            , <strong className="text-red-800">{count(preview.problemCount, "problem")}</strong> to fix before anything
            can be created
          </>
        )}
        . Batch name: <strong>{preview.batchName}</strong>.
      </p>
      {preview.encoding === "latin-1" && (
        <p className="mt-2 text-sm" data-testid="upload-encoding">
          The file isn&apos;t UTF-8: it was read as Latin-1 (Windows-1252). Check that accented letters look right.
        </p>
      )}
      {preview.billingProblem && (
        <p className="mt-2 rounded bg-red-50 px-3 py-2 text-red-800">
          {preview.billingProblem} Add a card on the team&apos;s page to send live gifts.
        </p>
      )}

      {preview.problems.length > 0 && (
        <table className="mt-4 w-full text-left text-sm" data-testid="upload-problems">
          <caption className="text-left font-medium">Rows with problems (row 1 is the header)</caption>
          <HeaderRow columns={["Row", "Column", "Problem"]} />
          <tbody>
            {preview.problems.map((p, i) => (
              <tr key={i} className="border-b border-stone-100" data-testid="upload-problem">
                <td className="py-1 pr-4 tabular-nums">{p.row}</td>
                <td className="py-1 pr-4">{p.column}</td>
                <td className="py-1">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more > 0 && <p className="mt-2 text-sm">…and {count(more, "more problem")}.</p>}

      {preview.duplicates.length > 0 && (
        <div className="mt-4 text-sm" data-testid="upload-duplicates">
          <p className="font-medium">
            Sent to the same email more than once (allowed: each row is its own gift, check that you mean it):
          </p>
          <ul className="list-disc pl-5">
            {preview.duplicates.map((d) => (
              <li key={d.email}>
                {d.email}: rows {d.rows.join(", ")}
              </li>
            ))}
          </ul>
          {moreDuplicates > 0 && <p>…and {count(moreDuplicates, "more recipient")}.</p>}
        </div>
      )}

      {preview.sample.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="upload-rows">
            <caption className="text-left font-medium">
              {preview.problemCount > 0 ? "The rows that are fine" : "The gifts to create"}
              {preview.fineRows > preview.sample.length &&
                ` (the first ${preview.sample.length.toLocaleString("en-US")} of ${preview.fineRows.toLocaleString("en-US")})`}
            </caption>
            <HeaderRow columns={["Row", "Recipient", "Collection", "Sends"]} />
            <tbody>
              {preview.sample.map((r) => (
                <tr key={r.row} className="border-b border-stone-100" data-testid="upload-row">
                  <td className="py-1 pr-4 tabular-nums">{r.row}</td>
                  <td className="py-1 pr-4">
                    {r.name || r.email}
                    {r.name && r.email && <span className="block text-stone-600">{r.email}</span>}
                  </td>
                  <td className="py-1 pr-4">{r.collection}</td>
                  <td className="py-1">{r.sends}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 text-sm" data-testid="upload-price">
        {preview.collections.map((c) => (
          <div key={c.name} className="contents">
            <dt className="text-stone-600">
              {c.name} × {c.gifts.toLocaleString("en-US")}
            </dt>
            <dd className="tabular-nums">{c.total}</dd>
          </div>
        ))}
        {preview.arrival && (
          <>
            <dt className="text-stone-600">Duties and taxes on arrival (in the prices)</dt>
            <dd className="tabular-nums" data-testid="upload-arrival">
              {preview.arrival}
            </dd>
          </>
        )}
        <dt className="text-stone-600">Total{preview.problemCount > 0 ? " (rows that are fine)" : ""}</dt>
        <dd className="tabular-nums">{preview.total}</dd>
        <dt className="text-stone-600">Charged on confirm</dt>
        {preview.problemCount > 0 ? (
          // Nothing can be created (or charged) until every row is fine: no price that reads as a bill.
          <dd className="font-semibold">Nothing, until every row is fine</dd>
        ) : (
          <dd className="font-semibold tabular-nums">
            {preview.charge}
            {!preview.livemode && " (sandbox: never charged)"}
          </dd>
        )}
      </dl>
    </section>
  );
}
