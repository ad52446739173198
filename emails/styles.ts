import type { CSSProperties } from "react";

/**
 * The style objects the email templates share: one home, so a colour or a size changes once.
 * A template that needs a variation derives it locally (`{ ...text, wordBreak: "break-word" }`).
 * Inline styles are written in key order: changing the order of keys changes the emails' HTML.
 */

/** Ribbon's email palette. */
export const colour = {
  page: "#faf5f7",
  white: "#ffffff",
  border: "#f0e6ea",
  ink: "#2d1a22",
  text: "#3d2a32",
  muted: "#8a7480",
  ribbon: "#b4235a",
} as const;

const fontFamily = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

// The card: the recipients' and senders' emails (600 px wide, a rule above the footer).

export const body = {
  backgroundColor: colour.page,
  fontFamily,
  margin: 0,
  padding: "24px 0",
} satisfies CSSProperties;

export const card = {
  backgroundColor: colour.white,
  borderRadius: 16,
  maxWidth: 600,
  margin: "0 auto",
  border: `1px solid ${colour.border}`,
} satisfies CSSProperties;

export const heading = {
  fontSize: 20,
  fontWeight: 700,
  color: colour.ink,
  margin: "8px 0 12px",
} satisfies CSSProperties;

export const text = {
  fontSize: 16,
  lineHeight: "26px",
  color: colour.text,
  margin: "0 0 12px",
} satisfies CSSProperties;

/** Someone's own words, as they wrote them: a thank-you note, a reason for declining. */
export const quote = {
  ...text,
  whiteSpace: "pre-line",
  borderLeft: `4px solid ${colour.ribbon}`,
  paddingLeft: 16,
  fontStyle: "italic",
} satisfies CSSProperties;

export const button = {
  backgroundColor: colour.ribbon,
  color: colour.white,
  fontSize: 16,
  fontWeight: 700,
  borderRadius: 999,
  padding: "12px 28px",
  textDecoration: "none",
  display: "inline-block",
} satisfies CSSProperties;

/** Small print that may hold a long URL. */
export const small = { fontSize: 12, color: colour.muted, margin: 0, wordBreak: "break-all" } satisfies CSSProperties;

/** The rule above the footer. */
export const rule = { borderColor: colour.border, margin: 0 } satisfies CSSProperties;

export const footer = {
  fontSize: 12,
  color: colour.muted,
  padding: "12px 32px 20px",
  margin: 0,
} satisfies CSSProperties;

// The narrow card: the account emails (sign-in, invitation, webhook), 480 px wide, padded, no footer.

export const narrowBody = { backgroundColor: colour.page, fontFamily, padding: "24px 0" } satisfies CSSProperties;

export const narrowCard = {
  backgroundColor: colour.white,
  borderRadius: 16,
  maxWidth: 480,
  margin: "0 auto",
  padding: 32,
} satisfies CSSProperties;

export const narrowHeading = { ...heading, margin: "0 0 12px" } satisfies CSSProperties;

export const narrowText = { fontSize: 15, color: colour.text, lineHeight: "24px" } satisfies CSSProperties;

/** The link spelled out under the button, and the note after it. */
export const narrowSmall = { fontSize: 12, color: colour.muted, wordBreak: "break-all" } satisfies CSSProperties;
