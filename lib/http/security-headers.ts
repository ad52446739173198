import { config } from "@/lib/config";
import { securityHeaders as headersFor } from "./page-headers.mjs";

export { API_CSP, pageCsp } from "./page-headers.mjs";

/** The headers every response carries (./page-headers.mjs), for this server's APP_URL. */
export const securityHeaders = (csp: string): Record<string, string> => headersFor(csp, config.appUrl);
