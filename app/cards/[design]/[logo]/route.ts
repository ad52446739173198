import { cardImage } from "@/lib/catalogue";
import { publicContext } from "@/lib/site/context";

/** GET /cards/<design>/<logo>.svg: a design with the logo in its slot, for gift emails. */
export async function GET(_request: Request, { params }: { params: Promise<{ design: string; logo: string }> }) {
  const { design, logo } = await params;
  const logoId = /^(\d{1,9})\.svg$/.exec(logo)?.[1];
  const svg =
    logoId && design.length <= 100 ? await cardImage((await publicContext()).db, design, Number(logoId)) : null;
  if (!svg) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
