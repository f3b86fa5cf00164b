import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { describe, expect, it } from 'vitest';
import { contractClauses } from '../../../domain/contract-text.js';
import { RENEWAL_MESSAGES } from '../../../domain/messages.js';
import type { ProcessStatus } from '../../../domain/process-status.js';
import { latestContract, renewalEligibility } from '../../../domain/renewals.js';
import type { Contract, Process, Profile } from '../../../domain/schemas/entities.js';

const profile = { id: 'p1', free_renewals: 0 } as Profile;
const contract = (over: Partial<Contract> = {}): Contract => ({
  id: '01KAAAAAAAAAAAAAAAAAAAAAA1',
  profile_id: 'p1',
  protocolo: 'LM2026112100001',
  valor: 399,
  forma_pagamento: 'pix',
  assinado_em: '2026-11-21T11:00:00.000Z',
  ip_assinatura: null,
  geo_assinatura: null,
  parent_contrato_id: null,
  created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});
const process = (contrato_id: string, status: ProcessStatus) =>
  ({ id: `pr-${contrato_id}`, contrato_id, status }) as Process;

describe('renewalEligibility (docs/decisions.md, Renewals)', () => {
  it.each(['baixa_deferida', 'baixa_caiu', 'encerrado'] as const)('renews the latest contract once %s', (status) => {
    const first = contract();
    const result = renewalEligibility({ profile, contracts: [first], processes: [process(first.id, status)] });
    expect(result).toMatchObject({ renewable: true, parent: { id: first.id } });
  });

  it.each([
    ['cadastro', RENEWAL_MESSAGES.openContract],
    ['contrato_assinado', RENEWAL_MESSAGES.openContract],
    ['pagamento_pendente', RENEWAL_MESSAGES.openContract],
    ['pago', RENEWAL_MESSAGES.processInProgress],
    ['peticionado', RENEWAL_MESSAGES.processInProgress],
  ] as const)('refuses while the process is %s', (status, message) => {
    const first = contract();
    expect(renewalEligibility({ profile, contracts: [first], processes: [process(first.id, status)] })).toMatchObject({
      renewable: false,
      message,
    });
  });

  it('looks at the newest contract only: an unsigned renewal blocks another one', () => {
    const first = contract();
    const renewal = contract({
      id: '01KAAAAAAAAAAAAAAAAAAAAAA2',
      parent_contrato_id: first.id,
      assinado_em: null,
      created_at: '2026-12-01T10:00:00.000Z',
    });
    const collection = {
      profile,
      contracts: [first, renewal],
      processes: [process(first.id, 'baixa_caiu'), process(renewal.id, 'cadastro')],
    };
    expect(latestContract(collection.contracts)?.id).toBe(renewal.id);
    expect(renewalEligibility(collection)).toMatchObject({ renewable: false, reason: 'open_contract' });
  });

  it('refuses without a profile', () => {
    expect(renewalEligibility({ profile: null, contracts: [], processes: [] })).toMatchObject({
      renewable: false,
      message: RENEWAL_MESSAGES.profileMissing,
    });
  });
});

describe('the text of a free renewal', () => {
  it('owes nothing, starts at signing and promises no refund; a paid contract keeps its payment clauses', () => {
    const free = contractClauses(
      { valor: 399, protocolo: 'LM2026112100002', forma_pagamento: 'gratuito' },
      EXAMPLE_COMPANY,
    );
    const paid = contractClauses({ valor: 399, protocolo: 'LM2026112100002', forma_pagamento: 'pix' }, EXAMPLE_COMPANY);
    const text = (clauses: typeof free) => clauses.flatMap((c) => c.paragraphs).join('\n');
    expect(text(free)).toContain('nada é devido pelo CONTRATANTE');
    expect(text(free)).toContain('contados da assinatura deste contrato');
    expect(text(free)).not.toContain('reembolso integral');
    expect(text(free)).not.toContain('pagará');
    expect(text(paid)).toContain('o CONTRATANTE pagará à CONTRATADA o valor único de R$ 399,00');
    expect(text(paid)).toContain('contados da confirmação do pagamento');
    // The promise the dashboard keeps: the clock starts with the later of the payment and the documents' approval.
    expect(text(paid)).toContain(
      'contados da confirmação do pagamento ou da aprovação dos documentos pedidos na área do cliente, o que ocorrer por último',
    );
  });
});
