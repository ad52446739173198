import { getTimeZones } from "@vvo/tzdb";
import { canonicalTimeZone } from "./time-zone";

export type TimeZoneChoice = { name: string; label: string };

/**
 * The zones a person picks from, UTC first, then by offset: one per group of zones that keep the
 * same time (@vvo/tzdb), under today's IANA name, labelled as people name them
 * ("UTC+05:30 India Time: Mumbai, Delhi, Bengaluru, Hyderabad (Asia/Kolkata)"). `sameAs` sends every other name
 * of a group (the browser's `Asia/Calcutta`, a stored `Europe/Uzhgorod`) to its entry.
 */
export function timeZoneChoices(): { choices: TimeZoneChoice[]; sameAs: Record<string, string> } {
  const zones = getTimeZones().filter((zone) => canonicalTimeZone(zone.name) !== null);
  const choices = [
    { name: "UTC", label: "UTC (Coordinated Universal Time)" },
    ...zones.map((zone) => ({
      name: canonicalTimeZone(zone.name)!,
      label: `UTC${zone.currentTimeFormat.replace(" - ", ": ")} (${canonicalTimeZone(zone.name)!.replaceAll("_", " ")})`,
    })),
  ];
  const sameAs = Object.fromEntries(
    zones.flatMap((zone) => zone.group.filter((n) => n !== zone.name).map((n) => [n, canonicalTimeZone(zone.name)!])),
  );
  return { choices, sameAs };
}
