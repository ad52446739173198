// Prints the OpenAPI document (for linting and generating typed clients without a server).
import { openApiDocument } from "@/lib/api/openapi/document";

process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
