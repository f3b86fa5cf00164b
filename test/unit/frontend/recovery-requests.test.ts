import { describe, expect, it } from 'vitest';
import {
  magicLinkRequestProblem,
  passwordRecoveryRequestProblem,
} from '../../../frontend/src/features/auth/lib/auth-requests.js';
import { recoveryFormSchema } from '../../../frontend/src/features/auth/lib/recovery-form-schema.js';

/** The first problem as the form shows it: the message under its field. */
function problem(newPassword: string, confirmPassword: string) {
  const result = recoveryFormSchema.safeParse({ newPassword, confirmPassword });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { field: issue.path[0], message: issue.message };
}

describe('new password of recovery mode (spec 01 §5)', () => {
  it('accepts 6 characters that match', () => {
    expect(problem('segredo', 'segredo')).toBeNull();
    expect(problem('123456', '123456')).toBeNull();
  });

  it('refuses fewer than 6 characters first, even when they match', () => {
    expect(problem('12345', '12345')).toEqual({
      field: 'newPassword',
      message: 'A nova senha deve ter pelo menos 6 caracteres.',
    });
    expect(problem('', 'outra')).toMatchObject({ field: 'newPassword' });
  });

  it('refuses a confirmation that differs', () => {
    expect(problem('segredo1', 'segredo2')).toEqual({
      field: 'confirmPassword',
      message: 'As senhas não coincidem.',
    });
  });
});

describe('magic link and forgot-password requests (spec 01 §5)', () => {
  it('needs an e-mail, then the solved check, for a magic link', () => {
    expect(magicLinkRequestProblem('  ', true)).toEqual({
      field: 'email',
      message: 'Digite seu email para receber o link mágico.',
    });
    expect(magicLinkRequestProblem('', false)).toMatchObject({ field: 'email' });
    expect(magicLinkRequestProblem('ana@example.com', false)).toEqual({
      field: 'checkAnswer',
      message: 'Por favor, complete a verificação de segurança primeiro.',
    });
    expect(magicLinkRequestProblem('ana@example.com', true)).toBeNull();
  });

  it('needs only an e-mail to send the recovery link', () => {
    expect(passwordRecoveryRequestProblem(' ')).toEqual({
      field: 'email',
      message: 'Digite seu email para receber o link de recuperação.',
    });
    expect(passwordRecoveryRequestProblem('ana@example.com')).toBeNull();
  });
});
