import { SendingPageHeader, ViewersDontSend } from "@/components/dashboard/SendingPageHeader";
import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { SendGiftForm } from "@/components/dashboard/SendGiftForm";
import { initialSendState } from "@/components/dashboard/send-state";
import { sendChoices } from "@/lib/catalogue";
import { dashboardHref, modeOf } from "@/lib/dashboard";
import { timeZoneChoices } from "@/lib/format/time-zone-choices";
import { countryChoicesIn } from "@/lib/format/countries";
import { displayMoney } from "@/lib/money";
import { loadTeam } from "../load";
import { sendFormAction } from "./actions";

type Props = { params: Promise<{ team_id: string }>; searchParams: Promise<{ mode?: string | string[] }> };

export const metadata: Metadata = { title: "Send a gift" };

/** The time zones a gift can be scheduled in: the same list for every request, made once per process. */
const TIME_ZONES = timeZoneChoices();

/** The send form: one gift, previewed and priced before it is sent. */
export default async function SendPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const mode = modeOf((await searchParams).mode);
  const board = dashboardHref(teamId, mode);
  const here = dashboardHref(teamId, mode, "/send");
  const { db, actor } = await loadTeam(teamId, mode, here);
  // A viewer sees no form, so nothing to choose from.
  const { collections, designs, countries } =
    actor.role === "viewer" ? { collections: [], designs: [], countries: [] } : await sendChoices(db, actor.team.id);
  const reached = new Set(countries);

  return (
    <main className="page-width py-10">
      <SendingPageHeader backHref={board} title="Send a gift" sandbox={mode === "sandbox"} />
      {actor.role === "viewer" ? (
        <ViewersDontSend />
      ) : (
        <SendGiftForm
          action={sendFormAction}
          initial={initialSendState}
          teamId={teamId}
          mode={mode}
          formKey={randomUUID()}
          collections={collections.map((c) => ({
            id: c.id,
            name: c.name,
            description: c.description,
            price: displayMoney(c.priceCents, c.currency),
            imageUrl: c.imageUrl,
          }))}
          designs={designs}
          timeZones={TIME_ZONES}
          countries={countryChoicesIn("en").filter((c) => reached.has(c.code))}
        />
      )}
    </main>
  );
}
