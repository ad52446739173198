"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { publicContext } from "@/lib/site/context";
import { HttpError, ValidationError } from "@/lib/errors";
import { countFailedGuess } from "@/lib/ratelimit";
import { redeemGift } from "@/lib/redemption";
import { redemptionFromForm } from "@/lib/redemption/schema";
import type { RedeemState } from "@/components/untie/RedeemForm";

/** The untie form's submission: redeem, then show the page again (now the confirmation). */
export async function redeemAction(_state: RedeemState, form: FormData): Promise<RedeemState> {
  const secret = String(form.get("secret") ?? "");
  try {
    await redeemGift((await publicContext()).db, { secret, ...redemptionFromForm(form) });
  } catch (error) {
    if (error instanceof ValidationError)
      return { errors: Object.fromEntries(error.problems.map((p) => [p.pointer ?? "form", p.detail])) };
    // An unknown link counts against the address like opening one does (app/untie/[token]/page.tsx).
    if (error instanceof HttpError && error.status === 404 && (await countFailedGuess({ headers: await headers() }))) {
      return {
        refused:
          "Too many gift links that don't exist were tried from your network. Wait a few minutes, then open the link from your email again.",
      };
    }
    if (error instanceof HttpError) return { refused: error.message };
    throw error;
  }
  redirect(`/untie/${secret}?redeemed=1`);
}
