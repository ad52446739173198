import type { Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";

/** A user by id or email. */
export async function findUser(db: Tx, idOrEmail: string) {
  const user = await db.user.findFirst({
    where: { OR: [{ id: idOrEmail }, { email: idOrEmail.trim().toLowerCase() }] },
  });
  if (!user) throw notFound(`No user ${idOrEmail}.`);
  return user;
}
