import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../frontend/src/lib/api-error.js';
import { dismissToast, getActiveToast, toast, toastApiError, toastError } from '../../../frontend/src/lib/toast.js';

afterEach(() => dismissToast());

describe('toast store (spec 01 §9)', () => {
  it('shows one toast at a time: a new one replaces the visible one', () => {
    toast({ title: 'Logout realizado' });
    const second = toast({
      title: 'Cadastro realizado!',
      description: 'Verifique seu email para confirmar o cadastro.',
      variant: 'success',
    });
    expect(getActiveToast()).toMatchObject({ id: second, title: 'Cadastro realizado!', variant: 'success' });
  });

  it("titles error toasts 'Erro'", () => {
    toastError('Email ou senha incorretos.');
    expect(getActiveToast()).toMatchObject({
      title: 'Erro',
      description: 'Email ou senha incorretos.',
      variant: 'error',
    });
  });

  it('ignores the dismissal of a toast that was already replaced', () => {
    const first = toast({ title: 'A' });
    toast({ title: 'B' });
    dismissToast(first);
    expect(getActiveToast()?.title).toBe('B');
    dismissToast();
    expect(getActiveToast()).toBeNull();
  });
});

describe('toastApiError', () => {
  it("toasts a refusal in the server's words under 'Erro' or the screen's title, and returns the words", () => {
    const refused = new ApiRequestError(409, 'conflict', 'Este contrato já foi assinado anteriormente.');
    expect(toastApiError(refused, 'Erro ao assinar o contrato.')).toBe('Este contrato já foi assinado anteriormente.');
    expect(getActiveToast()).toMatchObject({
      title: 'Erro',
      description: 'Este contrato já foi assinado anteriormente.',
      variant: 'error',
    });
    toastApiError(refused, 'Erro ao assinar o contrato.', 'Contrato já assinado');
    expect(getActiveToast()).toMatchObject({ title: 'Contrato já assinado', variant: 'error' });
  });

  it("toasts the screen's fixed words when the server did not explain (a 5xx, the network)", () => {
    const failed = new ApiRequestError(0, 'network', 'Ocorreu um erro inesperado. Tente novamente.');
    expect(toastApiError(failed, 'Erro ao assinar o contrato.')).toBe('Erro ao assinar o contrato.');
    expect(getActiveToast()).toMatchObject({ title: 'Erro', description: 'Erro ao assinar o contrato.' });
  });
});
