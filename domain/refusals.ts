import * as z from 'zod';
import { DATA_RIGHTS_MESSAGES } from './data-rights.js';
import { KIT_MESSAGES } from './filing-kit.js';
import {
  ADMIN_PROCESS_MESSAGES,
  API_MESSAGES,
  AUTH_MESSAGES,
  CONTRACT_MESSAGES,
  PAYMENT_MESSAGES,
  PROCESS_MESSAGES,
  PROFILE_MESSAGES,
  RATE_LIMIT_MESSAGES,
  REFERRAL_MESSAGES,
  RENEWAL_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  WITHDRAWAL_MESSAGES,
} from './messages.js';

/**
 * Why the server refused a request, as a stable code beside the pt-BR message of the error body
 * (docs/decisions.md, "Refusal reasons, one error toast, one dialog").
 * The message is for people and may be reworded; the reason is for programs, so the SPA branches on it and never
 * compares message strings. Only refusals a program must tell apart get a reason: the rest keep the HTTP `code` alone.
 */
export const REFUSAL_REASONS = [
  'contract_already_signed',
  'contract_not_found',
  'profile_missing',
  'profile_exists',
  'document_in_use',
  'account_deleted',
  'changed_concurrently',
  'no_free_renewals',
  'rate_limited',
  'admin_only',
  'second_factor_required',
  'refund_pending',
  'kit_scan_pending',
  'kit_file_refused',
  'kit_not_approved',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * An unknown reason reads as none: a tab opened before a deploy that added a reason still shows the message instead
 * of failing to read the whole error body.
 */
export const refusalReasonSchema = z.enum(REFUSAL_REASONS).optional().catch(undefined);

/** A catalogue message, or a catalogue function that words one from its details (a list of payments...). */
type RefusalText = string | ((...args: never[]) => string);

/**
 * The catalogue messages (domain/messages.ts) that say each reason: one home for the pairing. Several screens word
 * the same reason their own way (a missing profile reads differently on the contract and the referral screens); a
 * message says one reason only, so the reason can always be read off the message's key, never the other way round.
 *
 * Read by the type of `refusal` (and the tests), never at run time: built in a function marked pure, so a bundle that
 * only throws refusals leaves the whole catalogue of messages out (about 20 KB of every route).
 */
export const REFUSAL_MESSAGES = /* @__PURE__ */ (() =>
  ({
    contract_already_signed: [CONTRACT_MESSAGES.alreadySigned],
    contract_not_found: [CONTRACT_MESSAGES.notFoundOrSigned, WITHDRAWAL_MESSAGES.contractNotFound],
    profile_missing: [
      CONTRACT_MESSAGES.noProfile,
      RENEWAL_MESSAGES.profileMissing,
      REFERRAL_MESSAGES.profileRequired,
      PROFILE_MESSAGES.profileMissing,
      DATA_RIGHTS_MESSAGES.erasureNeedsProfile,
    ],
    profile_exists: [PROFILE_MESSAGES.profileExists],
    document_in_use: [PROFILE_MESSAGES.duplicateDocument, PROFILE_MESSAGES.duplicateCnpj],
    account_deleted: [PROFILE_MESSAGES.accountDeleted],
    changed_concurrently: [
      PROFILE_MESSAGES.changedConcurrently,
      PROCESS_MESSAGES.changedConcurrently,
      DATA_RIGHTS_MESSAGES.changedConcurrently,
    ],
    no_free_renewals: [RENEWAL_MESSAGES.noFreeRenewals],
    rate_limited: [
      RATE_LIMIT_MESSAGES.tooManyLookups,
      RATE_LIMIT_MESSAGES.tooManyRequests,
      PAYMENT_MESSAGES.tooManyVerifications,
      PAYMENT_MESSAGES.verificationsBusy,
      ADMIN_PROCESS_MESSAGES.verifyBusy,
      REFERRAL_MESSAGES.tooManyInvites,
      REFERRAL_MESSAGES.tooManyInvitesToday,
      AUTH_MESSAGES.magicLinkTooSoon,
      AUTH_MESSAGES.recoveryTooSoon,
    ],
    admin_only: [API_MESSAGES.forbidden],
    second_factor_required: [SECOND_FACTOR_MESSAGES.required],
    refund_pending: [WITHDRAWAL_MESSAGES.refundPending],
    kit_scan_pending: [KIT_MESSAGES.scanPending],
    kit_file_refused: [
      KIT_MESSAGES.tooLarge,
      KIT_MESSAGES.wrongType,
      KIT_MESSAGES.empty,
      KIT_MESSAGES.corrupt,
      KIT_MESSAGES.encrypted,
      KIT_MESSAGES.pdfTooComplex,
      KIT_MESSAGES.imageTooLarge,
      KIT_MESSAGES.malware,
    ],
    kit_not_approved: [KIT_MESSAGES.filingBeforeApproval],
  }) as const satisfies Record<RefusalReason, readonly [RefusalText, ...RefusalText[]]>)();

/** The words a reason may be refused with: one of its catalogue strings, or what one of its functions wrote. */
export type RefusalMessage<R extends RefusalReason> = (typeof REFUSAL_MESSAGES)[R][number] extends infer T
  ? T extends string
    ? T
    : string
  : never;

/** What a DomainError carries when a program must tell its refusal apart: the reason and the words for people. */
export type Refusal = { readonly reason: RefusalReason; readonly message: string };

/**
 * A refusal in one of its reason's own words: `refusal('contract_already_signed', CONTRACT_MESSAGES.alreadySigned)`.
 * The type admits only the messages REFUSAL_MESSAGES lists for that reason, so a reason and a message never drift.
 */
export function refusal<R extends RefusalReason>(reason: R, message: RefusalMessage<R>): Refusal {
  return { reason, message };
}

/**
 * A Cognito trigger's error reaches the SPA as text only — Cognito wraps it as "<Trigger> failed with error <text>." —
 * so a trigger's refusal carries its reason inside that text, as a trailing `[reason]` that `readTriggerError` reads
 * back and strips before the words are shown.
 */
export function triggerErrorText(said: { message: string; reason?: RefusalReason | undefined }): string {
  return said.reason ? `${said.message} [${said.reason}]` : said.message;
}

/** What a trigger said, read back from Cognito's wrapped error: its words (null if none) and its reason, if any. */
export function readTriggerError(errorMessage: string | undefined): { message: string | null; reason?: RefusalReason } {
  const text = /failed with error (.+)$/s.exec(errorMessage ?? '')?.[1]?.trim();
  // Cognito ends the text with a full stop of its own, after the trigger's.
  const said = text?.replace(/\.$/, '');
  if (!said) return { message: null };
  const tagged = /^(.*) \[([a-z_]+)\]$/s.exec(said);
  if (!tagged) return { message: said };
  const reason = refusalReasonSchema.parse(tagged[2]);
  return reason ? { message: tagged[1]!, reason } : { message: tagged[1]! };
}
