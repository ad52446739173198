// GET /api/v1 itself is no endpoint: the same JSON:API 404 as any unknown API path.
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "./[...path]/route";
