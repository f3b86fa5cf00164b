import { referralCodesFromLink } from '@domain/referral-code.js';

/** Browser storage keys fixed by the spec (01 §3); the profile screen reads them when the profile is created. */
export const REFERRAL_REF_KEY = 'referral_ref';
export const REFERRAL_INVITE_KEY = 'referral_invite';

/** Keeps `ref` and `invite` from the URL so they survive the e-mail confirmation round trip. */
export function captureReferralParams(params: URLSearchParams): void {
  const { ref, invite } = referralCodesFromLink(params);
  if (ref) safeSet(REFERRAL_REF_KEY, ref);
  if (invite) safeSet(REFERRAL_INVITE_KEY, invite);
}

/** The codes kept since sign-up, sent with the first profile save (the server ignores a code that leads nowhere). */
export function storedReferralCodes(): { referral_ref: string | null; referral_invite: string | null } {
  return { referral_ref: safeGet(REFERRAL_REF_KEY), referral_invite: safeGet(REFERRAL_INVITE_KEY) };
}

/** Spec 02 §7: both keys are removed once the profile exists. */
export function clearReferralCodes(): void {
  safeRemove(REFERRAL_REF_KEY);
  safeRemove(REFERRAL_INVITE_KEY);
}

export function storedReferralCode(): string {
  return safeGet(REFERRAL_REF_KEY) ?? '';
}

/** What the sign-up form's referral field holds when the account is created; an emptied field forgets the code. */
export function storeReferralCode(code: string): void {
  if (code) safeSet(REFERRAL_REF_KEY, code);
  else safeRemove(REFERRAL_REF_KEY);
}

// Storage can throw (Safari private mode, quota, disabled cookies); a lost referral must not break sign-up.
function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* see above */
  }
}

function safeRemove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* see above */
  }
}
