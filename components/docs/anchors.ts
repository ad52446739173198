/** An id as the reference's HTML anchors spell it (an operationId, a tag): what /docs#… and the docs search link to. */
export const docsAnchor = (id: string) => id.replace(/[^\w-]/g, "-");
