import type { Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors";

export type CreateUserInput = { email: string; name: string };

export async function createUser(db: Tx, input: CreateUserInput) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badRequest(`"${input.email}" is not an email address.`);
  if (!input.name.trim()) throw badRequest("A user needs a name.");
  if (await db.user.findUnique({ where: { email } })) throw badRequest(`A user with email ${email} already exists.`);
  return db.user.create({ data: { email, name: input.name.trim() } });
}
