import { CSV, csvLines } from "@/lib/csv/write";
import { UPLOAD_COLUMNS } from "@/lib/dashboard/upload";

/** Two example rows under the header: a scheduled email gift with a design, and a link gift. */
const EXAMPLES: Record<(typeof UPLOAD_COLUMNS)[number], string>[] = [
  {
    name: "Robin Example",
    email: "robin@example.com",
    message: "Thank you for a great year, Robin!",
    from: "Alex at Acme",
    collection: "Coffee Lovers",
    design: "thank-you",
    scheduled_at: "2030-01-02T09:00:00Z",
    expires_on: "2030-03-31",
    delivery_method: "email",
    locale: "es",
    reminders: "P3D P7D -P2D",
    time_zone: "Europe/London",
    recipient_country: "GB",
  },
  {
    name: "Sam Example",
    email: "",
    message: "Welcome to the team, Sam.\nWe're glad you're here.",
    from: "The Acme team",
    collection: "Tea Time",
    design: "",
    scheduled_at: "",
    expires_on: "",
    delivery_method: "link",
    locale: "",
    reminders: "",
    time_zone: "",
    recipient_country: "",
  },
];

/** The CSV upload's template: the header row and two example rows (no sign-in needed: it holds no data). */
export function GET(): Response {
  const body = csvLines([[...UPLOAD_COLUMNS], ...EXAMPLES.map((row) => UPLOAD_COLUMNS.map((c) => row[c]))]);
  return new Response(body, {
    headers: {
      "content-type": CSV,
      "content-disposition": 'attachment; filename="ribbon-gifts-template.csv"',
      "cache-control": "public, max-age=3600",
    },
  });
}
