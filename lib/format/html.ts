/**
 * Text made safe inside HTML, in text or a quoted attribute: React's own escaping (so a value
 * filled into React-rendered markup reads as React would have written it). Pure: the server's
 * hand-built pages and the browser's markup strings use the same.
 */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
