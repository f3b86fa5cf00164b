import { describe, expect, it } from 'vitest';
import { filingForecast } from '../../../domain/filing.js';
import { CONTRACT_MESSAGES } from '../../../domain/messages.js';
import type { Contract, Process, Profile } from '../../../domain/schemas/entities.js';
import { isSignable, signingPlan, signingRefusal, type SignableState } from '../../../domain/signing.js';

const contract = (over: Partial<Contract> = {}) =>
  ({ id: 'c1', forma_pagamento: 'pix', assinado_em: null, ...over }) as Contract;
const process = { id: 'p1', contrato_id: 'c1', status: 'cadastro' } as Process;
const profile = { id: 'pr1' } as Profile;
const state = (over: Partial<SignableState> = {}): SignableState => ({
  contract: contract(),
  process,
  profile,
  hasContract: false,
  ...over,
});
// Wednesday 2026-11-04, 15:00 in São Paulo.
const signedAt = '2026-11-04T18:00:00.000Z';

describe('signingRefusal (what is stored decides, in this order)', () => {
  it('lets an unsigned contract with its process and a profile be signed', () => {
    expect(signingRefusal(state())).toBeNull();
    expect(isSignable(state())).toBe(true);
  });
  it('answers "not found" for a missing contract or a contract without its process, before anything else', () => {
    for (const over of [{ contract: null }, { process: null }, { contract: null, profile: null }]) {
      expect(signingRefusal(state(over))).toEqual({
        reason: 'contract_not_found',
        message: CONTRACT_MESSAGES.notFoundOrSigned,
      });
    }
  });
  it('asks for the profile before saying the contract is already signed', () => {
    const refusal = signingRefusal(state({ profile: null, contract: contract({ assinado_em: signedAt }) }));
    expect(refusal).toEqual({ reason: 'profile_missing', message: CONTRACT_MESSAGES.noProfile });
  });
  it('refuses a second signature', () => {
    const signed = state({ contract: contract({ assinado_em: signedAt }) });
    expect(signingRefusal(signed)).toEqual({
      reason: 'contract_already_signed',
      message: CONTRACT_MESSAGES.alreadySigned,
    });
    expect(isSignable(signed)).toBe(false);
  });
});

describe('signingPlan (the steps a signature writes)', () => {
  it('moves a paid contract through contrato_assinado to pagamento_pendente, on to the payment', () => {
    const plan = signingPlan({ contract: contract(), process, profile, hasContract: false }, signedAt);
    expect(plan).toEqual({
      free: false,
      from: 'cadastro',
      to: 'pagamento_pendente',
      steps: [
        { from: 'cadastro', to: 'contrato_assinado', at: '2026-11-04T18:00:00.000Z' },
        { from: 'contrato_assinado', to: 'pagamento_pendente', at: '2026-11-04T18:00:00.001Z' },
      ],
      previsao: null,
      firstContract: true,
      next: '/app/pagamento',
    });
  });
  it('takes a free renewal straight to pago with the filing forecast a payment would set, on to the dashboard', () => {
    const plan = signingPlan(
      { contract: contract({ forma_pagamento: 'gratuito' }), process, profile, hasContract: true },
      signedAt,
    );
    expect(plan.free).toBe(true);
    expect(plan.steps.map((step) => [step.from, step.to])).toEqual([
      ['cadastro', 'contrato_assinado'],
      ['contrato_assinado', 'pago'],
    ]);
    expect(plan.to).toBe('pago');
    // Seven business days after Wednesday 4 November 2026, the weekend skipped: Friday the 13th.
    expect(plan.previsao).toBe(filingForecast(new Date(signedAt)).toISOString());
    expect(plan.previsao?.slice(0, 10)).toBe('2026-11-13');
    expect(plan.firstContract).toBe(false);
    expect(plan.next).toBe('/app/dashboard');
  });
  it('conditions the move on the status read, whatever it is', () => {
    const plan = signingPlan(
      { contract: contract(), process: { ...process, status: 'contrato_assinado' }, profile, hasContract: true },
      signedAt,
    );
    expect(plan.from).toBe('contrato_assinado');
    expect(plan.steps[0]).toMatchObject({ from: 'contrato_assinado', to: 'contrato_assinado' });
  });
});
