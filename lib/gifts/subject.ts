import { personName } from "@/lib/users/display-name";

/** A gift's subject when the sender gives none: the contract's `<sender name> Sent You A Gift!`. */
export const defaultSubject = (sender: { name: string | null }, team: { name: string }) =>
  `${personName(sender.name, team.name)} Sent You A Gift!`;
