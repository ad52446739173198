import { SendingPageHeader, ViewersDontSend } from "@/components/dashboard/SendingPageHeader";
import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { UploadForm } from "@/components/dashboard/UploadForm";
import { dashboardHref, modeOf } from "@/lib/dashboard";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_ROWS } from "@/lib/dashboard/upload";
import { loadTeam } from "../load";
import { uploadFormAction } from "./actions";

type Props = { params: Promise<{ team_id: string }>; searchParams: Promise<{ mode?: string | string[] }> };

export const metadata: Metadata = { title: "Upload a CSV of gifts" };

/** What each column holds: the API's field of the same name. */
const COLUMNS: { name: string; required: boolean; meaning: string }[] = [
  { name: "name", required: true, meaning: "The recipient's name." },
  {
    name: "email",
    required: true,
    meaning: "The recipient's email. Needed for email gifts; leave empty for link gifts.",
  },
  { name: "message", required: true, meaning: "The text on the card (line breaks allowed inside quotes)." },
  { name: "from", required: true, meaning: "The from line at the bottom of the card." },
  { name: "collection", required: true, meaning: "A collection's name (any case) or id." },
  { name: "design", required: false, meaning: "A card design's id, e.g. thank-you. Empty: no design." },
  {
    name: "scheduled_at",
    required: false,
    meaning: "When the email goes out: 2030-01-02T09:00:00Z (or a date, midnight UTC). Empty: in 5 minutes.",
  },
  { name: "expires_on", required: false, meaning: "The last day to choose, YYYY-MM-DD, within a year. Empty: none." },
  { name: "delivery_method", required: false, meaning: "email (Ribbon sends it; the default) or link (you share it)." },
];

/** Upload a CSV: every row a gift, previewed and priced, then created as one batch with one charge. */
export default async function UploadPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const mode = modeOf((await searchParams).mode);
  const board = dashboardHref(teamId, mode);
  const here = dashboardHref(teamId, mode, "/upload");
  const { actor } = await loadTeam(teamId, mode, here);

  return (
    <main className="page-width py-10">
      <SendingPageHeader backHref={board} title="Upload a CSV of gifts" sandbox={mode === "sandbox"} />
      <p className="mt-4 max-w-3xl">
        One gift per row. Preview first: nothing is created or charged until you confirm, and then every row is created
        as one batch named after the file, with one charge, or none is.
      </p>
      {actor.role === "viewer" ? (
        <ViewersDontSend />
      ) : (
        <UploadForm
          action={uploadFormAction}
          teamId={teamId}
          mode={mode}
          formKey={randomUUID()}
          maxBytes={MAX_UPLOAD_BYTES}
          maxRows={MAX_UPLOAD_ROWS}
          templateUrl={`/dashboard/${encodeURIComponent(teamId)}/upload-template.csv`}
        />
      )}
      <details className="mt-8">
        <summary className="cursor-pointer font-medium">The columns</summary>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-1 pr-4">
                Column
              </th>
              <th scope="col" className="py-1">
                What it holds
              </th>
            </tr>
          </thead>
          <tbody>
            {COLUMNS.map((c) => (
              <tr key={c.name} className="border-b border-stone-100">
                <td className="py-1 pr-4 font-mono">
                  {c.name}
                  {c.required ? "" : " (optional)"}
                </td>
                <td className="py-1">{c.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </main>
  );
}
