import { describe, expect, it } from 'vitest';
import { nextStep } from '../../../domain/next-step.js';
import type { Dashboard } from '../../../domain/schemas/dashboard.js';
import type { Contract, Process, Profile } from '../../../domain/schemas/entities.js';

const profile = { id: 'p1' } as Profile;
const contract = { id: 'c1', assinado_em: '2026-11-01T12:00:00Z', created_at: '2026-11-01T00:00:00Z' } as Contract;
const unsigned = { id: 'c2', assinado_em: null, created_at: '2026-11-01T00:00:00Z' } as Contract;
const processAt = (status: Process['status'], created_at = '2026-11-01T00:00:00Z') =>
  ({ id: status, status, created_at }) as Process;
const dashboard = (over: Partial<Dashboard>): Dashboard => ({
  email: 'a@b.c',
  profile: null,
  contracts: [],
  charges: [],
  processes: [],
  history: [],
  movements: [],
  courtCases: [],
  withdrawals: [],
  ...over,
});

describe('nextStep (spec 01 §2, first match wins)', () => {
  it('asks for the profile first', () => {
    expect(nextStep(dashboard({}))).toMatchObject({ title: 'Complete seu Perfil', to: '/app/perfil' });
  });
  it('then for the contract', () => {
    expect(nextStep(dashboard({ profile }))).toMatchObject({ title: 'Assine o Contrato', to: '/app/contrato' });
  });
  it('asks for the signature while the contract created with the profile is unsigned', () => {
    const processes = [{ ...processAt('cadastro'), contrato_id: 'c2' }];
    expect(nextStep(dashboard({ profile, contracts: [unsigned], processes }))).toMatchObject({
      title: 'Assine o Contrato',
      to: '/app/contrato',
    });
  });
  it('asks for the signature of a renewal whose process is the newest, even with an older signed contract', () => {
    const processes = [
      { ...processAt('pago', '2026-01-01T00:00:00Z'), contrato_id: 'c1' },
      { ...processAt('cadastro', '2026-11-02T00:00:00Z'), contrato_id: 'c2' },
    ];
    expect(nextStep(dashboard({ profile, contracts: [unsigned, contract], processes }))?.title).toBe(
      'Assine o Contrato',
    );
  });
  it('then for the payment when the current process awaits it', () => {
    expect(
      nextStep(dashboard({ profile, contracts: [contract], processes: [processAt('pagamento_pendente')] })),
    ).toMatchObject({
      title: 'Realize o Pagamento',
      to: '/app/pagamento',
      value: 399,
    });
  });
  it('follows the newest process only', () => {
    const processes = [
      processAt('pagamento_pendente', '2026-01-01T00:00:00Z'),
      processAt('em_analise', '2026-11-01T00:00:00Z'),
    ];
    expect(nextStep(dashboard({ profile, contracts: [contract], processes }))).toBeNull();
  });
  it('has no next step otherwise', () => {
    expect(nextStep(dashboard({ profile, contracts: [contract], processes: [processAt('peticionado')] }))).toBeNull();
  });
});

describe('currentContract (spec 02: first unsigned, otherwise the latest)', async () => {
  const { currentContract } = await import('../../../domain/current-contract.js');
  const c = (id: string, created_at: string, assinado_em: string | null) =>
    ({ id, created_at, assinado_em }) as Contract;
  it('follows the process’s contract when there is one', () => {
    const contracts = [c('new', '2026-11-02', null), c('old', '2026-11-01', '2026-11-01')];
    expect(currentContract(dashboard({ contracts }), { contrato_id: 'old' } as Process)?.id).toBe('old');
  });
  it('otherwise prefers an unsigned contract, then the newest', () => {
    expect(
      currentContract(dashboard({ contracts: [c('a', '2026-11-02', '2026-11-02'), c('b', '2026-11-01', null)] }), null)
        ?.id,
    ).toBe('b');
    expect(
      currentContract(dashboard({ contracts: [c('a', '2026-11-01', 'x'), c('b', '2026-11-02', 'y')] }), null)?.id,
    ).toBe('b');
    expect(currentContract(dashboard({}), null)).toBeNull();
  });
});

describe('nextStep texts (spec 01 §2)', () => {
  it('are the spec’s, word for word', () => {
    expect(nextStep(dashboard({}))).toEqual({
      title: 'Complete seu Perfil',
      description: 'Preencha seus dados pessoais para continuar.',
      to: '/app/perfil',
    });
    expect(nextStep(dashboard({ profile }))).toEqual({
      title: 'Assine o Contrato',
      description: 'Formalize sua solicitação por assinatura digital.',
      to: '/app/contrato',
    });
    expect(
      nextStep(dashboard({ profile, contracts: [contract], processes: [processAt('pagamento_pendente')] })),
    ).toEqual({
      title: 'Realize o Pagamento',
      description: 'Pagamento único via PIX.',
      to: '/app/pagamento',
      value: 399,
    });
  });

  it('has none for a signed contract without a process yet', () => {
    expect(nextStep(dashboard({ profile, contracts: [contract], processes: [] }))).toBeNull();
  });
});
