import { config } from "./config";

/** Catalogue images are stored site-relative; API responses and emails need absolute URLs. */
export function absoluteUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${config.appUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}
