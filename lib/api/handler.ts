import { getDb, type PrismaClient } from "@/lib/db";
import type { Caller } from "@/lib/tokens";
import { authenticate } from "./authenticate";
import { errorResponse } from "./errors";

export type ApiContext<P> = { request: Request; db: PrismaClient; caller: Caller; params: P };

// Next passes no params for routes without dynamic segments (e.g. /api/v1/gifts).
type RouteContext<P> = { params?: Promise<P> } | undefined;

/** Wraps an API route: authenticates the caller and turns every failure into an error document. */
export function apiRoute<P = Record<string, never>>(handle: (ctx: ApiContext<P>) => Promise<Response>) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      const db = await getDb();
      const caller = await authenticate(db, request);
      return await handle({ request, db, caller, params: ((await context?.params) ?? {}) as P });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
