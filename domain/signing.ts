import { filingForecast } from './filing.js';
import { CONTRACT_MESSAGES } from './messages.js';
import type { ProcessStatus } from './process-status.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from './pricing.js';
import { refusal, type Refusal } from './refusals.js';
import type { Contract, Process, Profile } from './schemas/entities.js';

/** What a signature is decided on: the customer's contract, its process and profile, as read (consistently) once. */
export type SignableState = {
  contract: Contract | null;
  process: Process | null;
  profile: Profile | null;
  /** The profile already counts a signed contract (its first signature sets it and counts the client). */
  hasContract: boolean;
};

/** A state a signature may go ahead from. */
export type Signable = { contract: Contract; process: Process; profile: Profile; hasContract: boolean };

/**
 * The refusal a signature gets from what is stored (`contract_not_found` answers 404, the others 409), or null when it
 * may go ahead. Checked in this order: an unknown contract (or another customer's: the owner is in the key) before a
 * missing profile before a second signature.
 */
export function signingRefusal(state: SignableState): Refusal | null {
  if (!state.contract || !state.process) return refusal('contract_not_found', CONTRACT_MESSAGES.notFoundOrSigned);
  if (!state.profile) return refusal('profile_missing', CONTRACT_MESSAGES.noProfile);
  if (state.contract.assinado_em !== null) return refusal('contract_already_signed', CONTRACT_MESSAGES.alreadySigned);
  return null;
}

/** The state may be signed: `signingRefusal` has nothing against it. */
export function isSignable(state: SignableState): state is Signable {
  return signingRefusal(state) === null;
}

/** One status step of the process, recorded in its history. */
export type SigningStep = { from: string; to: ProcessStatus; at: string };

/** Everything a signature writes besides the evidence, decided from the state read. */
export type SigningPlan = {
  /** A free renewal (five paid referrals): no charge, the process starts at the signature. */
  free: boolean;
  /** The process's status as read: the move is conditioned on it (a concurrent change refuses the signature). */
  from: string;
  /** Where the process ends: 'pagamento_pendente', or 'pago' for a free renewal. */
  to: ProcessStatus;
  /** The history records, in order, one millisecond apart so the timeline sorts them as they happened. */
  steps: SigningStep[];
  /** The filing forecast written with the move (ISO), or null to leave it as it is. */
  previsao: string | null;
  /** The customer's first signed contract: the profile's `has_contract` is set and the client counted. */
  firstContract: boolean;
  /** Where the SPA goes next. */
  next: '/app/dashboard' | '/app/pagamento';
};

/**
 * The steps of a signature (spec 02 §2, §4): the process goes `contrato_assinado` → `pagamento_pendente`, and the
 * customer on to the payment; a free renewal goes `contrato_assinado` → `pago` with the filing forecast a payment would
 * have set (it starts at its signature as a paid one at its payment), and the customer to the dashboard.
 */
export function signingPlan(state: Signable, signedAt: string): SigningPlan {
  const free = state.contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  const targets: ProcessStatus[] = free ? ['contrato_assinado', 'pago'] : ['contrato_assinado', 'pagamento_pendente'];
  const start = Date.parse(signedAt);
  const steps = targets.map((to, index) => ({
    from: index === 0 ? state.process.status : targets[index - 1]!,
    to,
    at: new Date(start + index).toISOString(),
  }));
  return {
    free,
    from: state.process.status,
    to: targets[targets.length - 1]!,
    steps,
    previsao: free ? filingForecast(new Date(signedAt)).toISOString() : null,
    firstContract: !state.hasContract,
    next: free ? '/app/dashboard' : '/app/pagamento',
  };
}
