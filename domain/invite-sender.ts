/**
 * The referrer's name as an invite e-mail shows it (docs/decisions.md, "Accounts: deleted users, invites, e-mail
 * changes"). The invite goes from the company's address to someone who never asked for it, and the name is free text
 * the customer typed into their profile: left as is it could carry a link, a phone number or a sales pitch to any
 * address (spam, phishing, SES suspension). So only the words made of letters survive, and only the first and the last
 * of them, each cut short.
 */

/** Who invited, when nothing of the name is left to show. */
export const INVITE_SENDER_FALLBACK = 'Um cliente';

const MAX_WORD_LENGTH = 20;

/** A word of a person's name: letters and their accents, apostrophes and hyphens inside, an abbreviation's dot. */
const NAME_WORD = /^\p{L}[\p{L}\p{M}'’-]*\.?$/u;

export function inviteSenderName(fullName: string): string {
  const words = fullName
    .normalize('NFC')
    // Control, format (zero-width, bidirectional overrides) and separator characters split words, never join them.
    .replace(/[\p{Cc}\p{Cf}\p{Z}]+/gu, ' ')
    .split(' ')
    .filter((word) => NAME_WORD.test(word))
    .map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
  if (words.length === 0) return INVITE_SENDER_FALLBACK;
  return words.length === 1 ? words[0]! : `${words[0]} ${words[words.length - 1]}`;
}
