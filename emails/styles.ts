// The look every Ribbon email shares (inline styles, as email clients need): one home, so a
// change of colour or spacing reaches every template.

export const body = {
  backgroundColor: "#faf5f7",
  fontFamily: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
  margin: 0,
  padding: "24px 0",
};
export const card = {
  backgroundColor: "#ffffff",
  borderRadius: 16,
  maxWidth: 600,
  margin: "0 auto",
  border: "1px solid #f0e6ea",
};
export const heading = { fontSize: 20, fontWeight: 700, color: "#2d1a22", margin: "8px 0 12px" };
export const text = { fontSize: 16, lineHeight: "26px", color: "#3d2a32", margin: "0 0 12px" };
/** Someone's own words (a reason, a thank-you note), set apart and kept as written. */
export const quote = {
  ...text,
  whiteSpace: "pre-line" as const,
  borderLeft: "4px solid #b4235a",
  paddingLeft: 16,
  fontStyle: "italic",
};
/** The call to action, as React Email's Button draws it. */
export const buttonBase = {
  backgroundColor: "#b4235a",
  color: "#ffffff",
  fontSize: 16,
  fontWeight: 700,
  borderRadius: 999,
  padding: "12px 28px",
  textDecoration: "none",
};
export const button = { ...buttonBase, display: "inline-block" };
export const footer = { fontSize: 12, color: "#8a7480", padding: "12px 32px 20px", margin: 0 };
