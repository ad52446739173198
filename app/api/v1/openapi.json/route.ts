import { apiEndpoint } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { openApiDocument } from "@/lib/api/openapi/document";

let cached: string | undefined;

/** The OpenAPI 3.1 document of this API: public, no token needed. */
export const GET = apiEndpoint(async () => {
  cached ??= JSON.stringify(openApiDocument());
  return new Response(cached, {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
