"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { publicContext } from "@/lib/site/context";
import { rememberLocale } from "@/lib/site/locale";
import { HttpError, ValidationError } from "@/lib/errors";
import { DEFAULT_LOCALE, isLocale, translator } from "@/lib/i18n";
import { countFailedGuess } from "@/lib/ratelimit";
import { checkDecline, declineGift, donateGift, redeemGift } from "@/lib/redemption";
import { redemptionFromForm } from "@/lib/redemption/schema";
import type { RedeemState } from "@/components/untie/RedeemForm";
import type { DeclineState } from "@/components/untie/DeclineForm";
import type { DonateState } from "@/components/untie/DonateForm";

/** The untie form's submission: redeem, then show the page again (now the confirmation). */
export async function redeemAction(_state: RedeemState, form: FormData): Promise<RedeemState> {
  const secret = String(form.get("secret") ?? "");
  // The page's language, for the messages only: a forged value is English, and changes nothing else.
  const field = form.get("locale");
  const locale = isLocale(field) ? field : DEFAULT_LOCALE;
  try {
    await redeemGift((await publicContext()).db, { secret, ...redemptionFromForm(form) }, { locale });
  } catch (error) {
    if (error instanceof ValidationError)
      return { errors: Object.fromEntries(error.problems.map((p) => [p.pointer ?? "form", p.detail])) };
    // An unknown link counts against the address like opening one does (app/untie/[token]/page.tsx).
    if (error instanceof HttpError && error.status === 404 && (await countFailedGuess({ headers: await headers() }))) {
      return { refused: translator(locale, "refusal")("tooManyGuesses") };
    }
    if (error instanceof HttpError) return { refused: error.message };
    throw error;
  }
  redirect(`/untie/${secret}?redeemed=1`);
}

/** The "No thanks" form: decline, then show the page again (now saying it was declined). */
export async function declineAction(_state: DeclineState, form: FormData): Promise<DeclineState> {
  const secret = String(form.get("secret") ?? "");
  const field = form.get("locale");
  const locale = isLocale(field) ? field : DEFAULT_LOCALE;
  const request = { secret, reason: form.get("reason") ?? "" };
  const confirmed = form.get("confirmed") === "yes";
  try {
    const { db } = await publicContext();
    // The first "No thanks" asks once (a decline can't be undone); the answer's "Yes" declines.
    if (!confirmed) {
      await checkDecline(db, request, { locale });
      return { confirm: true, reason: String(request.reason) };
    }
    await declineGift(db, request, { locale });
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems[0]?.detail };
    if (error instanceof HttpError && error.status === 404 && (await countFailedGuess({ headers: await headers() }))) {
      return { refused: translator(locale, "refusal")("tooManyGuesses") };
    }
    if (error instanceof HttpError) return { refused: error.message };
    throw error;
  }
  redirect(`/untie/${secret}`);
}

/** The charity form: donate the gift's value, then show the page again (now saying so). */
export async function donateAction(_state: DonateState, form: FormData): Promise<DonateState> {
  const secret = String(form.get("secret") ?? "");
  const field = form.get("locale");
  const locale = isLocale(field) ? field : DEFAULT_LOCALE;
  try {
    await donateGift((await publicContext()).db, { secret, charity: form.get("charity") }, { locale });
  } catch (error) {
    if (error instanceof ValidationError) return { error: error.problems[0]?.detail };
    if (error instanceof HttpError && error.status === 404 && (await countFailedGuess({ headers: await headers() }))) {
      return { refused: translator(locale, "refusal")("tooManyGuesses") };
    }
    if (error instanceof HttpError) return { refused: error.message };
    throw error;
  }
  redirect(`/untie/${secret}`);
}

/** The language switcher: remembers the choice in this browser; the page then renders again in it. */
export async function chooseLanguageAction(form: FormData): Promise<void> {
  await rememberLocale(form.get("locale"));
}
