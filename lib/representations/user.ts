import type { ResourceObject } from "./resource";

export function serializeUser(u: { id: string; name: string | null; email: string }): ResourceObject {
  return { type: "users", id: u.id, attributes: { name: u.name ?? u.email, email: u.email } };
}
