export const TOKEN_PREFIX = "rbn";
export type TokenMode = "live" | "sandbox";

export const tokenPrefix = {
  live: `${TOKEN_PREFIX}_live_`,
  sandbox: `${TOKEN_PREFIX}_sbox_`,
  oauth: `${TOKEN_PREFIX}_oat_`,
};
