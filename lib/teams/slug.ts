/** Longest team name accepted (a slug is at most 40 characters of it). */
export const MAX_TEAM_NAME_LENGTH = 80;

/**
 * The slug a team name gives: lower-case ASCII letters, digits and dashes (the team's id in
 * API paths). Pure, so the create form can show it before the team exists; createTeam adds a
 * suffix ("-2") when the slug is taken.
 */
export function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "team"
  );
}
