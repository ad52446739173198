/** Text that must stay on one line (an email subject, a name inside a sentence): breaks and tabs become a space. */
export const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").trim();
