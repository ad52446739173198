import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { config } from "@/lib/config";
import { functions, inngest } from "@/lib/jobs";

// Inngest calls this route to register and run Ribbon's functions (lib/jobs).
const inngestHandler = serve({ client: inngest, functions });

type Context = { params: Promise<Record<string, string>> };

/**
 * Without Inngest configured the SDK would answer 500 (no signing key); say plainly that
 * the in-process sweeper is the scheduler instead.
 */
function notConfigured() {
  const detail =
    "Inngest is not configured (set INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY, or INNGEST_DEV=1 with INNGEST_BASE_URL). " +
    "Scheduled gift emails are delivered by the in-process sweeper.";
  return Response.json({ errors: [{ status: "404", title: "NotFound", detail }] }, { status: 404 });
}

export const GET = (request: NextRequest, context: Context) =>
  config.inngest ? inngestHandler.GET(request, context) : notConfigured();
export const POST = (request: NextRequest, context: Context) =>
  config.inngest ? inngestHandler.POST(request, context) : notConfigured();
export const PUT = (request: NextRequest, context: Context) =>
  config.inngest ? inngestHandler.PUT(request, context) : notConfigured();
