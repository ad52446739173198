import { apiRoute } from "@/lib/api/handler";
import { methodsNotAllowed } from "@/lib/api/method-not-allowed";
import { jsonApi } from "@/lib/api/document";
import { serializeCharity } from "@/lib/representations/catalogue";
import { listCharities } from "@/lib/catalogue/charities";

// The charities every recipient may donate to: one list for all teams, so not team-scoped.
export const GET = apiRoute(async ({ db }) => jsonApi({ data: (await listCharities(db)).map(serializeCharity) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed("GET");
