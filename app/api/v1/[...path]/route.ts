import { errorResponse } from "@/lib/api/errors";
import { notFound } from "@/lib/errors";

// Unknown API paths answer with a JSON:API document, not an HTML page.
const missing = async (request: Request) => errorResponse(notFound(`No such endpoint: ${request.method} ${new URL(request.url).pathname}`));

export { missing as GET, missing as POST, missing as PUT, missing as PATCH, missing as DELETE };
