import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { MAX_RATES_BYTES } from "@/lib/rates/ecb";

/**
 * A local stand-in for the ECB's daily file, for the stall run's `refresh-exchange-rates`: the
 * shipped snapshot padded with whitespace between its elements to the largest document the job
 * reads (MAX_RATES_BYTES), so the job at work parses and stores the most it ever would.
 */
export async function startRatesSource(): Promise<{ url: string; close(): Promise<void> }> {
  const snapshot = readFileSync(path.resolve(import.meta.dirname, "../../lib/rates/ecb-snapshot.xml"), "utf8");
  const end = snapshot.lastIndexOf("</gesmes:Envelope>");
  const body = Buffer.from(
    snapshot.slice(0, end).padEnd(MAX_RATES_BYTES - (snapshot.length - end), " ") + snapshot.slice(end),
  );
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/xml", "content-length": body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/eurofxref-daily.xml`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
