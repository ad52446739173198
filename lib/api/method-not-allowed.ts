import { HttpError } from "@/lib/errors";
import { apiEndpoint } from "./handler";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request, context?: unknown) => Promise<Response>;

/**
 * Handlers for the methods a route does not serve, so they get a JSON:API 405 with an
 * `Allow` header instead of Next's empty one, and an OPTIONS that lists only the methods
 * served: `export const { PUT, PATCH, OPTIONS } = methodsNotAllowed("GET", "POST")`.
 */
export function methodsNotAllowed(...allowed: Method[]): Partial<Record<Method | "OPTIONS", Handler>> {
  const allow = [...allowed, "OPTIONS"].join(", ");
  const notAllowed = apiEndpoint(async (request) => {
    throw new HttpError(
      405,
      "MethodNotAllowed",
      `${request.method} is not allowed here. Allowed: ${allow}.`,
      undefined,
      "method_not_allowed",
    );
  });
  const handler: Handler = async (request) => {
    const response = await notAllowed(request);
    response.headers.set("Allow", allow);
    return response;
  };
  const options: Handler = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return {
    ...Object.fromEntries(METHODS.filter((m) => !allowed.includes(m)).map((m) => [m, handler])),
    OPTIONS: options,
  };
}
