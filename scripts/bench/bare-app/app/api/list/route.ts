import { connection } from "next/server";

// A small JSON list, answered per request: the route-handler twin of GET /api/v1/teams.
export async function GET() {
  await connection();
  return Response.json({
    data: [
      { type: "teams", id: "team_1", attributes: { name: "Acme" } },
      { type: "teams", id: "team_2", attributes: { name: "Globex" } },
    ],
  });
}
