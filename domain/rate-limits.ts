/**
 * Rate limits of the public routes (docs/decisions.md, Public lookup and Nada Consta): fixed windows counted in the
 * table (pattern 43). Pure rules here; the counting lives in lambdas/shared/data/rate-limits.ts.
 */

export type RateLimitRule = {
  /** Part of the counter's key: one family of counters per rule (and an IAM prefix per family). */
  readonly scope: string;
  /** Calls allowed per window; the next one is refused. */
  readonly limit: number;
  readonly windowSeconds: number;
};

const MINUTES = 60;

export const RATE_LIMITS = {
  /** A browser sends at most five reports a page load (BROWSER_ERRORS_PER_PAGE): this allows a few reloads. */
  browserErrorsByAddress: { scope: 'BROWSER_ERROR_IP', limit: 20, windowSeconds: 10 * MINUTES },
  /**
   * Every browser together: a broken release may make every visitor report, and the log lines and counts cost money
   * per report; 600 in 10 minutes shows the fault plainly and caps what a flood (or an attacker) can write.
   */
  browserErrorsGlobal: { scope: 'BROWSER_ERROR_ALL', limit: 600, windowSeconds: 10 * MINUTES },
  /** One-click unsubscribes from invitations: a mail provider posts once per message; this only bounds guessing. */
  inviteUnsubscribesByAddress: { scope: 'UNSUBSCRIBE_IP', limit: 30, windowSeconds: 10 * MINUTES },
  /** A person checks their own CPF and maybe a relative's or company's: 20 lookups in 10 minutes is plenty. */
  lookupByAddress: { scope: 'LOOKUP_IP', limit: 20, windowSeconds: 10 * MINUTES },
  /** One document or protocol: the person and perhaps their lawyer, not a monitor polling it. */
  lookupByQuery: { scope: 'LOOKUP_QUERY', limit: 5, windowSeconds: 10 * MINUTES },
  /** Issuing renders a PDF and sends an e-mail: scarcer than a lookup. */
  nadaConstaByAddress: { scope: 'NADA_IP', limit: 10, windowSeconds: 60 * MINUTES },
  /** Caps the e-mails one customer can be sent and the guesses at the e-mail on file for one protocol. */
  nadaConstaByProtocol: { scope: 'NADA_PROTOCOL', limit: 5, windowSeconds: 60 * MINUTES },
  /** A bank or landlord checks a few certificates; codes are 60 random bits, this only bounds the reads. */
  verificationByAddress: { scope: 'VERIFY_IP', limit: 30, windowSeconds: 10 * MINUTES },
  /** Invitations e-mail third parties from our sender: a customer inviting friends needs far fewer than 20 an hour. */
  referralInvitesByCustomer: { scope: 'INVITE_USER', limit: 20, windowSeconds: 60 * MINUTES },
  /** A day of one customer's invitations: a real circle of friends, not a list bought for a campaign. */
  referralInvitesByCustomerDaily: { scope: 'INVITE_USER_DAY', limit: 40, windowSeconds: 24 * 60 * MINUTES },
  /**
   * Every customer's invitations together, an hour: bounds what many accounts (made for it) can send from our SES
   * sender before anyone looks, well under the account's sending quota, far above what real referrals reach.
   */
  referralInvitesGlobal: { scope: 'INVITE_ALL', limit: 300, windowSeconds: 60 * MINUTES },

  /**
   * 'Verificar Pagamento': each click reads the payment at Asaas, which discourages polling and answers 429 to an
   * account that overdoes it (every customer's charges would then wait). The webhook confirms a PIX by itself within
   * seconds; a customer who just paid clicks a few times, not ten in ten minutes.
   */
  chargeVerificationsByCustomer: { scope: 'VERIFY_CHARGE_USER', limit: 10, windowSeconds: 10 * MINUTES },
  /**
   * Every read of Asaas's API a person's action makes ('Verificar Pagamento', the admin's 'Verificar', and the reads of
   * creating, settling and deleting charges), all accounts together. Asaas allows about 25,000 requests per 12 hours
   * per account and answers 429 beyond, which would stall the webhooks' read-backs. 150 a 10-minute window is at most
   * 10,800 in 12 hours, leaving about 14,000 for what is not counted here: the webhooks' read-backs (one per money
   * event), the charges' creation calls and the nightly reconciliation (2,000 a run) — docs/decisions.md, Asaas's
   * request quota.
   */
  /**
   * The filing kit's uploads, counted when a customer asks for an upload form: a kit is a dozen files, a
   * few re-sent; 50 an hour bounds what one account can make us store, scan and convert.
   */
  kitUploadsByCustomer: { scope: 'KIT_UPLOAD_USER', limit: 50, windowSeconds: 60 * MINUTES },
  asaasReadsGlobal: { scope: 'ASAAS_READ_ALL', limit: 150, windowSeconds: 10 * MINUTES },
} as const satisfies Record<string, RateLimitRule>;

export type RateWindow = {
  /** Epoch seconds the window began: part of the counter's key, so each window counts from zero. */
  readonly start: number;
  /** Epoch seconds the next window begins. */
  readonly end: number;
};

/** The fixed window `now` falls in: aligned to multiples of the window's length since the epoch. */
export function rateWindow(rule: Pick<RateLimitRule, 'windowSeconds'>, now: Date): RateWindow {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % rule.windowSeconds);
  return { start, end: start + rule.windowSeconds };
}

/**
 * Who is asking, for the per-address limits: an IPv4 address as is; an IPv6 address by its /64 prefix, since one
 * subscriber gets a whole /64 and could otherwise take a fresh address per request. An IPv4-mapped IPv6 address
 * counts as its IPv4 address. Anything unreadable counts as one shared 'unknown' subject.
 */
export function rateLimitAddress(ip: string | undefined): string {
  const value = ip?.trim().toLowerCase() ?? '';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return value;
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(value.replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : 'unknown';
}

/** 2001:db8::1 → ['2001','db8','0','0','0','0','0','1'], or null when it is not an IPv6 address. */
function expandIpv6(value: string): string[] | null {
  if (!/^[0-9a-f:]+$/.test(value) || value.split('::').length > 2) return null;
  const [head = '', tail] = value.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
