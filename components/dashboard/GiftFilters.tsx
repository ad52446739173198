import { stageLabel, type DashboardQuery } from "@/lib/dashboard";
import { STAGES } from "@/lib/gifts";
import { GiftFilterForm } from "./GiftFilterForm";

type Props = {
  action: string;
  query: DashboardQuery;
  batches: { id: string; name: string }[];
};

/** The view's sort as the `sort` value the select and the headers use. */
export const sortValue = (query: DashboardQuery) =>
  query.sort
    ? `${query.sort.descending ? "-" : ""}${query.sort.column}`
    : query.order === "oldest"
      ? "created"
      : "-created";

/** The stage filter's choices, as people read them: the same for every request. */
const STAGE_OPTIONS: [string, string][] = STAGES.map((stage) => [stage, stageLabel(stage)]);

/**
 * The table's filters: a plain GET form, so the view's URL holds them and a link to it can be
 * shared. Drawn by a client component from the view's values, so its markup is not in the RSC
 * payload as well as the HTML.
 */
export function GiftFilters({ action, query, batches }: Props) {
  return (
    <GiftFilterForm
      action={action}
      sandbox={query.mode === "sandbox"}
      values={{
        q: query.search ?? "",
        stage: query.stage ?? "",
        from: query.from ?? "",
        to: query.to ?? "",
        batch: query.batch ?? "",
        sort: sortValue(query),
      }}
      stages={STAGE_OPTIONS}
      batches={batches}
    />
  );
}
