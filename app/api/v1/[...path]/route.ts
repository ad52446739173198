import { apiEndpoint } from "@/lib/api/handler";
import { notFound } from "@/lib/errors";

// Unknown API paths answer with a JSON:API document (linking to the reference), not an HTML page.
const missing = apiEndpoint<{ path?: string[] }>(async (request) => {
  throw notFound(
    `No such endpoint: ${request.method} ${new URL(request.url).pathname}. The API reference is at /docs.`,
  );
});

export { missing as GET, missing as POST, missing as PUT, missing as PATCH, missing as DELETE, missing as OPTIONS };
