const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

export interface ParsedEmails {
  /** Valid, lower-cased, each once, in the order given. */
  valid: string[];
  /** What was typed for entries that are not email addresses. */
  invalid: string[];
}

/**
 * Splits what people paste into an invite box: commas (the form's hint), but also semicolons,
 * new lines and spaces; accepts `Name <address>` as copied from a mail client.
 */
export function parseEmailList(raw: string): ParsedEmails {
  const valid: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  const entries = raw
    .split(/[,;\n\r]+/)
    .flatMap((entry) => (/<[^>]+>/.test(entry) ? [entry] : entry.split(/\s+/)))
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const address = (/<([^>]+)>/.exec(entry)?.[1] ?? entry).trim().toLowerCase();
    if (!EMAIL.test(address) || address.length > 254) {
      invalid.push(entry);
    } else if (!seen.has(address)) {
      seen.add(address);
      valid.push(address);
    }
  }
  return { valid, invalid };
}
