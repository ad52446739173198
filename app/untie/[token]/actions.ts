"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/lib/db";
import { HttpError, ValidationError } from "@/lib/errors";
import { redeemGift } from "@/lib/redemption";
import { redemptionFromForm } from "@/lib/redemption/schema";
import type { RedeemState } from "@/components/untie/RedeemForm";

/** The untie form's submission: redeem, then show the page again (now the confirmation). */
export async function redeemAction(_state: RedeemState, form: FormData): Promise<RedeemState> {
  const secret = String(form.get("secret") ?? "");
  try {
    await redeemGift(await getDb(), { secret, ...redemptionFromForm(form) });
  } catch (error) {
    if (error instanceof ValidationError) return { errors: Object.fromEntries(error.problems.map((p) => [p.pointer ?? "form", p.detail])) };
    if (error instanceof HttpError) return { refused: error.message };
    throw error;
  }
  redirect(`/untie/${secret}?redeemed=1`);
}
