/** Referral and invite codes (spec 02 §3, §7, §9). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const REFERRAL_CODE_PATTERN = /^REF-[A-Z0-9]{6}$/;
/** 'REF-' plus 6 characters. */
export const REFERRAL_CODE_LENGTH = 10;
export const INVITE_CODE_PATTERN = /^REF-[A-Z0-9]{6}-[A-Z0-9]{4}$/;

type RandomIndex = (max: number) => number;

const cryptoRandomIndex: RandomIndex = (max) => {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0]! % max;
};

function randomChars(length: number, random: RandomIndex): string {
  return Array.from({ length }, () => ALPHABET[random(ALPHABET.length)]).join('');
}

/** 'REF-' plus 6 random uppercase alphanumerics. */
export function generateReferralCode(random: RandomIndex = cryptoRandomIndex): string {
  return `REF-${randomChars(6, random)}`;
}

/** Referral code, a dash and 4 random characters. */
export function generateInviteCode(referralCode: string, random: RandomIndex = cryptoRandomIndex): string {
  return `${referralCode}-${randomChars(4, random)}`;
}

export function normalizeReferralCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Remaining paid referrals to the next free renewal: 5 − (paid mod 5). */
export function referralsToNextReward(paid: number): number {
  return 5 - (paid % 5);
}

/**
 * The codes of an invite link (`?ref=…&invite=…`, spec 01 §3) worth keeping until the profile is created: only
 * well-formed ones, so a mangled or hostile link cannot park arbitrary text in the browser's storage.
 */
export function referralCodesFromLink(params: URLSearchParams): { ref?: string; invite?: string } {
  const ref = normalizeReferralCode(params.get('ref') ?? '');
  const invite = normalizeReferralCode(params.get('invite') ?? '');
  return {
    ...(REFERRAL_CODE_PATTERN.test(ref) ? { ref } : {}),
    ...(INVITE_CODE_PATTERN.test(invite) ? { invite } : {}),
  };
}

/**
 * The sign-up link of a referrer (spec 02 §7): `{site}/auth?mode=register&ref={code}`, plus `&invite={invite code}`
 * in an invitation e-mail. `site` is an origin (the page's own, or the app URL on the server).
 */
export function referralLink(site: string, referralCode: string, inviteCode?: string): string {
  const base = `${site.replace(/\/+$/, '')}/auth?mode=register&ref=${encodeURIComponent(referralCode)}`;
  return inviteCode ? `${base}&invite=${encodeURIComponent(inviteCode)}` : base;
}

/**
 * 'Compartilhar no WhatsApp': referrals travel by WhatsApp in Brazil. wa.me with only `text` opens the app's contact
 * picker with the message ready, on a phone and in WhatsApp Web.
 */
export function whatsappShareLink(link: string, brand: string): string {
  const text = `Estou usando a ${brand} para pedir a baixa temporária dos meus apontamentos. Cadastre-se pelo meu link: ${link}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
