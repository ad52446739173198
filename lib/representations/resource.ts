/**
 * A resource as every consumer sees it (the API's JSON:API documents, webhook payloads, exports,
 * pages): its type, id, kebab-case attributes and relationships. One function per resource in
 * this folder builds it; lib/api wraps them in documents, lib/webhooks in payloads.
 */
export type ResourceObject = {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { type: string; id: string } | null }>;
};
