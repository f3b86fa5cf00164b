import { magicLinkUrl } from '../../domain/auth-links.js';
import { consumeMagicLink, releaseUnsentMagicLink, saveMagicLink } from '../shared/data/magic-links.js';
import type { Db } from '../shared/data/table.js';
import type { SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import { magicLinkEmail } from './auth-emails.js';
import { newNonce as randomNonce, sha256, signMagicLinkToken, verifyMagicLinkToken } from './magic-link-token.js';

export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
export const MAGIC_LINK_MIN_INTERVAL_SECONDS = 60;

/** Everything with a side effect is passed in, so tests run it against DynamoDB Local with a fake clock and outbox. */
export type MagicLinkDeps = {
  db: Db;
  /** The signing key, read when first needed (`magicLinkKeyFromEnvironment`). */
  secret: () => Promise<Uint8Array>;
  appUrl: string;
  sendEmail: SendEmail;
  clock: Clock;
  newNonce?: () => string;
};

/** The Cognito user a link signs in: `sub` and the verified e-mail it is sent to. */
export type MagicLinkUser = { userId: string; email: string };

export type MagicLinkRequest =
  | { kind: 'user'; user: MagicLinkUser }
  /** An address with no account (or none we may e-mail): rate-limited exactly like a real one, never e-mailed. */
  | { kind: 'unknown'; email: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The table key of an address without an account: a hash, so typed-in addresses are not stored in clear. */
export const unknownSubject = (email: string) => `UNKNOWN#${sha256(email.trim().toLowerCase())}`;

/**
 * Issues a new link (superseding the previous one) and e-mails it. Both kinds of request write the same record and
 * obey the same 60 s interval, so the answer never tells whether an account exists.
 */
export async function requestMagicLink(deps: MagicLinkDeps, request: MagicLinkRequest): Promise<void> {
  const now = seconds(deps.clock());
  const nonce = (deps.newNonce ?? randomNonce)();
  const exp = now + MAGIC_LINK_TTL_SECONDS;
  const subject = request.kind === 'user' ? request.user.userId : unknownSubject(request.email);
  const nonceHash = sha256(nonce);
  await saveMagicLink(deps.db, { subject, nonceHash, requestedAt: now, exp }, MAGIC_LINK_MIN_INTERVAL_SECONDS);
  if (request.kind !== 'user') return;
  const { userId, email } = request.user;
  const token = signMagicLinkToken(await deps.secret(), { userId, email, iat: now, exp, nonce });
  try {
    await deps.sendEmail(email, {
      ...magicLinkEmail(magicLinkUrl(deps.appUrl, token), MAGIC_LINK_TTL_SECONDS / 60),
      caseFileOf: userId,
    });
  } catch (error) {
    await releaseUnsentMagicLink(deps.db, subject, nonceHash);
    throw error;
  }
}

/**
 * True only for an untampered, unexpired token issued to this very user, whose link is still the live one and
 * unused — and then it is used up. Every other case is false, without telling which.
 */
export async function verifyMagicLink(
  deps: Pick<MagicLinkDeps, 'db' | 'secret' | 'clock'>,
  user: MagicLinkUser,
  token: string,
): Promise<boolean> {
  const now = seconds(deps.clock());
  const claims = verifyMagicLinkToken(await deps.secret(), token, now);
  if (!claims) return false;
  if (claims.userId !== user.userId || claims.email.toLowerCase() !== user.email.toLowerCase()) return false;
  return consumeMagicLink(deps.db, user.userId, sha256(claims.nonce), now);
}
