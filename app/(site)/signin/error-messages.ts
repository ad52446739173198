/**
 * What the sign-in page says for each `?error=` code: Auth.js's (its `pages.error` and
 * `pages.signIn` are both /signin) and ours (lib/auth sendSignInLink). Unknown codes get the
 * default; the code itself is never shown.
 */
const MESSAGES: Record<string, { title: string; text: string }> = {
  Verification: {
    title: "That sign-in link has expired or was already used",
    text: "Each link works once, for an hour. Send yourself a new one below.",
  },
  TooManyAttempts: {
    title: "Too many sign-in links that don't work were opened from your network",
    text: "Wait a few minutes, then open the newest link from your email, or send yourself a new one below.",
  },
  EmailSignin: {
    title: "We couldn't send a sign-in link just now",
    text: "Several links were asked for in a short time, or our email service didn't answer. Wait a few minutes, then send a new link.",
  },
  EmailInvalid: {
    title: "That doesn't look like an email address",
    text: "Check the address (it needs one @ and no spaces or quotes) and send the link again.",
  },
  MissingCSRF: {
    title: "The sign-in form had expired",
    text: "This happens when a page stays open for a long time or cookies are blocked. Send a new link below.",
  },
  AccessDenied: {
    title: "This address can't sign in",
    text: "Signing in was refused for this address. If you think that's a mistake, write to the person who runs this Ribbon.",
  },
  Configuration: {
    title: "Signing in isn't working on our side",
    text: "It's not something you did. Try again in a few minutes; if it keeps happening, tell the person who runs this Ribbon.",
  },
};

const DEFAULT = {
  title: "We couldn't sign you in",
  text: "Something went wrong with that sign-in. Send yourself a new link below.",
};

export function signInErrorMessage(code: string): { title: string; text: string } {
  return Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : DEFAULT;
}
