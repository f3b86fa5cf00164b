import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getActiveToast, toast, toastError } from '../../../frontend/src/lib/toast.js';

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
