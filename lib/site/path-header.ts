/** The request's path, set by proxy.ts on every page request (a client's own value is replaced): the root layout reads the page's language from it. */
export const PATH_HEADER = "x-ribbon-path";
