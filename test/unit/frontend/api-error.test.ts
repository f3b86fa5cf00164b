import { describe, expect, it } from 'vitest';
import { ADMIN_PROCESS_MESSAGES } from '../../../domain/messages.js';
import { ApiRequestError, apiErrorMessage, failureWithReason, isRefusal } from '../../../frontend/src/lib/api-error.js';

describe('failureWithReason (an action’s failure in the spec’s words, then the server’s)', () => {
  const fixed = ADMIN_PROCESS_MESSAGES.markPaidFailed;

  it('adds the reason a refusal (4xx) gave', () => {
    const refusal = new ApiRequestError(409, 'conflict', 'Esta cobrança foi substituída por um novo PIX.');
    expect(failureWithReason(fixed, refusal)).toBe(`${fixed} Esta cobrança foi substituída por um novo PIX.`);
  });

  it('says only the fixed words for a server error, a network failure or anything else', () => {
    expect(failureWithReason(fixed, new ApiRequestError(500, 'internal', 'Ocorreu um erro inesperado.'))).toBe(fixed);
    expect(failureWithReason(fixed, new ApiRequestError(0, 'network', 'Ocorreu um erro inesperado.'))).toBe(fixed);
    expect(failureWithReason(fixed, new Error('boom'))).toBe(fixed);
  });

  it('does not repeat the fixed words when the server used them', () => {
    expect(failureWithReason(fixed, new ApiRequestError(409, 'conflict', fixed))).toBe(fixed);
  });
});

describe('apiErrorMessage (what a failed call tells a person)', () => {
  const fallback = 'Não foi possível salvar. Tente novamente.';

  it('says the server’s words for a refusal and for an outside service that failed', () => {
    expect(apiErrorMessage(new ApiRequestError(409, 'conflict', 'Perfil já cadastrado.'), fallback)).toBe(
      'Perfil já cadastrado.',
    );
    expect(apiErrorMessage(new ApiRequestError(403, 'forbidden', 'Acesso Negado'), fallback)).toBe('Acesso Negado');
    const asaasDown = new ApiRequestError(502, 'provider_unavailable', 'O Asaas não respondeu.');
    expect(apiErrorMessage(asaasDown, fallback)).toBe('O Asaas não respondeu.');
  });

  it('says the screen’s fixed words for a server error, the network or anything that is not an API error', () => {
    expect(apiErrorMessage(new ApiRequestError(500, 'internal', 'Ocorreu um erro inesperado.'), fallback)).toBe(
      fallback,
    );
    expect(apiErrorMessage(new ApiRequestError(0, 'network', 'Ocorreu um erro inesperado.'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('isRefusal', () => {
  it('recognises a refusal by its reason, whatever its words', () => {
    const signed = new ApiRequestError(409, 'conflict', 'Reworded one day.', { reason: 'contract_already_signed' });
    expect(isRefusal(signed, 'contract_already_signed')).toBe(true);
    expect(isRefusal(signed, 'profile_missing')).toBe(false);
    expect(
      isRefusal(new ApiRequestError(409, 'conflict', 'Este contrato já foi assinado.'), 'contract_already_signed'),
    ).toBe(false);
    expect(isRefusal(new Error('x'), 'contract_already_signed')).toBe(false);
  });
});
