import type { Tx } from "@/lib/db";
import { ValidationError } from "@/lib/errors";
import { userNameSchema } from "./display-name";

/** Sets the signed-in person's own name. Throws ValidationError (pointer `name`) for a bad one, changing nothing. */
export async function setUserName(db: Tx, userId: string, name: unknown): Promise<string> {
  const parsed = userNameSchema.safeParse(name);
  if (!parsed.success) throw new ValidationError([{ pointer: "name", detail: parsed.error.issues[0].message }]);
  await db.user.update({ where: { id: userId }, data: { name: parsed.data } });
  return parsed.data;
}
