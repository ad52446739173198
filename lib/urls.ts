import { config } from "./config";

/** Catalogue images are stored site-relative; API responses and emails need absolute URLs. */
export function absoluteUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${config.appUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * A redirect target we may send a browser to: `target` resolved against APP_URL, kept only
 * when it stays on APP_URL's origin (so `//evil`, `/\evil`, `/%09/evil`, `javascript:` and
 * other sites fall back). Returns an absolute URL on APP_URL.
 */
export function sameOriginUrl(target: string | null | undefined, fallback: string): string {
  const base = new URL(config.appUrl);
  if (target) {
    try {
      const url = new URL(target, base);
      if (url.origin === base.origin) return `${base.origin}${url.pathname}${url.search}${url.hash}`;
    } catch {
      // not a URL at all: fall back
    }
  }
  return new URL(fallback, base).href;
}

/**
 * `sameOriginUrl` as a site path (`/oauth2/authorize?…`), for query parameters such as the
 * sign-in page's callbackUrl. A path that a browser would read as another host (`//evil`) falls back.
 */
export function sameOriginPath(target: string | null | undefined, fallback: string): string {
  const url = new URL(sameOriginUrl(target, fallback));
  const path = `${url.pathname}${url.search}${url.hash}`;
  return /^\/[/\\]/.test(path) ? new URL(fallback, config.appUrl).pathname : path;
}
