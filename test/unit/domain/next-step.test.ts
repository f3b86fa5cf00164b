import { describe, expect, it } from 'vitest';
import { nextStep } from '../../../domain/next-step.js';
import type { Dashboard } from '../../../domain/schemas/dashboard.js';
import type { Contract, Process, Profile } from '../../../domain/schemas/entities.js';

const profile = { id: 'p1' } as Profile;
const contract = { id: 'c1' } as Contract;
const processAt = (status: Process['status'], created_at = '2026-11-01T00:00:00Z') => ({ id: status, status, created_at }) as Process;
const dashboard = (over: Partial<Dashboard>): Dashboard => ({ email: 'a@b.c', profile: null, contracts: [], charges: [], processes: [], ...over });

describe('nextStep (spec 01 §2, first match wins)', () => {
  it('asks for the profile first', () => {
    expect(nextStep(dashboard({}))).toMatchObject({ title: 'Complete seu Perfil', to: '/app/perfil' });
  });
  it('then for the contract', () => {
    expect(nextStep(dashboard({ profile }))).toMatchObject({ title: 'Assine o Contrato', to: '/app/contrato' });
  });
  it('then for the payment when the current process awaits it', () => {
    expect(nextStep(dashboard({ profile, contracts: [contract], processes: [processAt('pagamento_pendente')] }))).toMatchObject({
      title: 'Realize o Pagamento',
      to: '/app/pagamento',
      value: 399,
    });
  });
  it('follows the newest process only', () => {
    const processes = [processAt('pagamento_pendente', '2026-01-01T00:00:00Z'), processAt('pago', '2026-11-01T00:00:00Z')];
    expect(nextStep(dashboard({ profile, contracts: [contract], processes }))).toBeNull();
  });
  it('has no next step otherwise', () => {
    expect(nextStep(dashboard({ profile, contracts: [contract], processes: [processAt('peticionado')] }))).toBeNull();
  });
});
