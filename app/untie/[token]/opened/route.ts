import { publicContext } from "@/lib/site/context";
import { openGiftByUntieToken } from "@/lib/gifts/open-gift";

/**
 * The untie page POSTs here once it is shown in a browser: that, not the page's GET
 * (which mail scanners fetch), records `opened`. Always 204, so it tells nothing about the secret.
 */
export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  await openGiftByUntieToken((await publicContext()).db, token);
  return new Response(null, { status: 204 });
}
