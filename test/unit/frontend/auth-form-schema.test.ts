import { describe, expect, it } from 'vitest';
import { authFormSchema, type AuthFormInput } from '../../../frontend/src/features/auth/lib/auth-form-schema.js';

const valid: AuthFormInput = {
  mode: 'register',
  email: 'maria@example.com',
  password: 'segredo1',
  confirmPassword: 'segredo1',
  referralCode: '',
  checkAnswer: '8',
  checkExpected: 8,
};

function firstMessage(overrides: Partial<AuthFormInput>): string | null {
  const result = authFormSchema.safeParse({ ...valid, ...overrides });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

describe('authFormSchema (spec 01 §5)', () => {
  it('accepts a complete sign-up and upper-cases the referral code', () => {
    const result = authFormSchema.parse({ ...valid, referralCode: ' ref-ab12cd ' });
    expect(result.referralCode).toBe('REF-AB12CD');
  });

  it('requires e-mail and password first', () => {
    expect(firstMessage({ email: '  ' })).toBe('Por favor, preencha todos os campos.');
    expect(firstMessage({ password: '', checkAnswer: '' })).toBe('Por favor, preencha todos os campos.');
  });

  it('then requires the solved security check', () => {
    expect(firstMessage({ checkAnswer: '' })).toBe('Por favor, resolva a verificação de segurança.');
    expect(firstMessage({ checkAnswer: '7' })).toBe('Por favor, resolva a verificação de segurança.');
    expect(firstMessage({ checkAnswer: '8a' })).toBe('Por favor, resolva a verificação de segurança.');
  });

  it('then matching passwords, in register mode only', () => {
    expect(firstMessage({ confirmPassword: 'outra123' })).toBe('As senhas não coincidem.');
    expect(firstMessage({ mode: 'login', confirmPassword: '' })).toBeNull();
  });

  it('then a password of at least 6 characters', () => {
    expect(firstMessage({ password: '12345', confirmPassword: '12345' })).toBe(
      'A senha deve ter pelo menos 6 caracteres.',
    );
    expect(firstMessage({ mode: 'login', password: '12345' })).toBe('A senha deve ter pelo menos 6 caracteres.');
    expect(firstMessage({ password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('reports every field to fix, one message each, in the spec order', () => {
    const result = authFormSchema.safeParse({ ...valid, email: '', checkAnswer: '', confirmPassword: 'x' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', 'Por favor, preencha todos os campos.'],
      ['checkAnswer', 'Por favor, resolva a verificação de segurança.'],
      ['confirmPassword', 'As senhas não coincidem.'],
    ]);
  });
});
