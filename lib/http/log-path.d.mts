export type Logged = "safe" | "secret";
export const ROUTE_SEGMENTS: Readonly<Record<string, Readonly<Record<string, Logged>>>>;
export function loggedPath(url: string): string;
export function loggedText(text: string): string;
