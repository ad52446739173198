import { SendingPageHeader, ViewersDontSend } from "@/components/dashboard/SendingPageHeader";
import type { Metadata } from "next";
import { randomUUID } from "node:crypto";
import { SendGiftForm } from "@/components/dashboard/SendGiftForm";
import { initialSendState } from "@/components/dashboard/send-state";
import { listCollections, listDesigns } from "@/lib/catalogue";
import { dashboardHref, modeOf } from "@/lib/dashboard";
import { displayMoney } from "@/lib/money";
import { loadTeam } from "../load";
import { sendFormAction } from "./actions";

type Props = { params: Promise<{ team_id: string }>; searchParams: Promise<{ mode?: string | string[] }> };

export const metadata: Metadata = { title: "Send a gift" };

/** The send form: one gift, previewed and priced before it is sent. */
export default async function SendPage({ params, searchParams }: Props) {
  const { team_id: teamId } = await params;
  const mode = modeOf((await searchParams).mode);
  const board = dashboardHref(teamId, mode);
  const here = dashboardHref(teamId, mode, "/send");
  const { db, actor } = await loadTeam(teamId, mode, here);
  const [collections, designs] = await Promise.all([
    listCollections(db, actor.team.id),
    listDesigns(db, actor.team.id),
  ]);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
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
            price: displayMoney(c.priceCents),
            imageUrl: c.imageUrl,
          }))}
          designs={designs.map((d) => ({ id: d.id, name: d.name, thumbnailUrl: d.thumbnailUrl }))}
          timeZones={["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")]}
        />
      )}
    </main>
  );
}
