import { config } from "@/lib/config";

/** Catalogue images are stored site-relative; the API always returns absolute URLs. */
export const absoluteUrl = (url: string) => (/^https?:\/\//.test(url) ? url : `${config.appUrl}${url.startsWith("/") ? "" : "/"}${url}`);
