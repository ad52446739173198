import { render } from "@react-email/render";
import type { PrismaClient } from "@/lib/db";
import { purgeExpiredSignInEmails, sendEmail } from "@/lib/delivery";
import SignInEmail from "@/emails/SignInEmail";

/** Sends the magic sign-in link (to the local outbox on the embedded default). */
export async function sendSignInEmail(db: PrismaClient, input: { to: string; url: string }): Promise<void> {
  const host = new URL(input.url).host;
  const element = SignInEmail({ url: input.url, host });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  await sendEmail(db, { kind: "signin", to: input.to, subject: `Sign in to Ribbon (${host})`, html, text });
  await purgeExpiredSignInEmails(db); // whatever scheduler runs, expired links don't pile up
}
