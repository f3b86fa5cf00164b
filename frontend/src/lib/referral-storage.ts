/** Browser storage keys fixed by the spec (01 §3); the profile screen reads them when the profile is created. */
export const REFERRAL_REF_KEY = 'referral_ref';
export const REFERRAL_INVITE_KEY = 'referral_invite';

/** Keeps `ref` and `invite` from the URL so they survive the e-mail confirmation round trip. */
export function captureReferralParams(params: URLSearchParams): void {
  const ref = params.get('ref');
  const invite = params.get('invite');
  if (ref) safeSet(REFERRAL_REF_KEY, ref.trim().toUpperCase());
  if (invite) safeSet(REFERRAL_INVITE_KEY, invite.trim());
}

export function storedReferralCode(): string {
  return safeGet(REFERRAL_REF_KEY) ?? '';
}

export function storeReferralCode(code: string): void {
  if (code) safeSet(REFERRAL_REF_KEY, code);
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
