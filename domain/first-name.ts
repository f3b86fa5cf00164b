import { printableText } from './printable-text.js';

/**
 * How the product greets a person: by the first word of the name on the profile ('Olá, Maria!'), as the dashboard
 * does, never by the full legal name. Null when there is nothing printable to greet.
 */
export function firstName(fullName: string): string | null {
  const first = printableText(fullName).trim().split(/\s+/)[0];
  return first ? first.slice(0, 40) : null;
}
