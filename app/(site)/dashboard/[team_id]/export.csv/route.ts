import { csvResponse } from "@/lib/csv/write";
import { dashboardGiftPages, EXPORT_COLUMNS, exportRow, MAX_BULK_GIFTS, readDashboardQuery } from "@/lib/dashboard";
import { HttpError } from "@/lib/errors";
import { teamContext } from "@/lib/site/context";

type Params = { params: Promise<{ team_id: string }> };

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /dashboard/:team_id/export.csv?…: the dashboard's table as filtered (the same query as the
 * page), streamed page by page; every cell neutralised against spreadsheet formulas.
 */
export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { team_id: teamId } = await params;
  const url = new URL(request.url);
  const { query } = readDashboardQuery(Object.fromEntries(url.searchParams));
  // "Export selected" on the board (its selection form): only the ticked gifts, unless it picked the whole view.
  if (url.searchParams.get("export") === "1" && url.searchParams.get("scope") !== "view") {
    const ids = [...new Set(url.searchParams.getAll("gift"))];
    if (ids.length === 0) return text(400, "Tick at least one gift to export, or pick the whole view.");
    if (ids.length > MAX_BULK_GIFTS || ids.some((id) => !/^gft_[A-Za-z0-9_-]{1,64}$/.test(id)))
      return text(400, `Export at most ${MAX_BULK_GIFTS} ticked gifts (or the whole view).`);
    query.ids = ids;
  }
  let context;
  try {
    context = await teamContext(teamId, query.mode);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 403)) return text(404, "No such team.");
    throw error;
  }
  if (!context) return text(401, "Sign in to export gifts.");
  const day = new Date().toISOString().slice(0, 10);
  const response = csvResponse(
    EXPORT_COLUMNS,
    dashboardGiftPages(context.db, context.actor, query),
    exportRow,
    `ribbon-gifts-${teamId}-${query.mode}-${day}.csv`,
  );
  response.headers.set("Cache-Control", "no-store");
  return response;
}
