import { HttpError } from "@/lib/errors";
import { errorResponse } from "./errors";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request) => Promise<Response>;

/**
 * Handlers for the methods a route does not serve, so they get a JSON:API 405 with an
 * `Allow` header instead of Next's empty one: `export const { PUT, PATCH } = methodsNotAllowed("GET", "POST")`.
 */
export function methodsNotAllowed(...allowed: Method[]): Partial<Record<Method, Handler>> {
  const allow = allowed.join(", ");
  const handler: Handler = async (request) => {
    const response = errorResponse(new HttpError(405, "MethodNotAllowed", `${request.method} is not allowed here. Allowed: ${allow}.`));
    response.headers.set("Allow", allow);
    return response;
  };
  return Object.fromEntries(METHODS.filter((m) => !allowed.includes(m)).map((m) => [m, handler]));
}
