import { describe, expect, it } from 'vitest';
import {
  magicLinkRequestProblem,
  passwordRecoveryRequestProblem,
} from '../../../frontend/src/features/auth/lib/auth-requests.js';
import {
  RECOVERY_PROBLEM_TITLES,
  recoveryFormSchema,
} from '../../../frontend/src/features/auth/lib/recovery-form-schema.js';

/** The first problem as the form shows it: a titled toast. */
function problem(newPassword: string, confirmPassword: string) {
  const result = recoveryFormSchema.safeParse({ newPassword, confirmPassword });
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { title: RECOVERY_PROBLEM_TITLES[issue.path[0] as 'newPassword'], description: issue.message };
}

describe('new password of recovery mode (spec 01 §5)', () => {
  it('accepts 6 characters that match', () => {
    expect(problem('segredo', 'segredo')).toBeNull();
    expect(problem('123456', '123456')).toBeNull();
  });

  it('refuses fewer than 6 characters first, even when they match', () => {
    expect(problem('12345', '12345')).toEqual({
      title: 'Senha inválida',
      description: 'A nova senha deve ter pelo menos 6 caracteres.',
    });
    expect(problem('', 'outra')).toMatchObject({ title: 'Senha inválida' });
  });

  it('refuses a confirmation that differs', () => {
    expect(problem('segredo1', 'segredo2')).toEqual({
      title: 'Senhas diferentes',
      description: 'As senhas não coincidem.',
    });
  });
});

describe('magic link and forgot-password requests (spec 01 §5)', () => {
  it('needs an e-mail, then the solved check, for a magic link', () => {
    expect(magicLinkRequestProblem('  ', true)).toEqual({
      title: 'Informe seu email',
      description: 'Digite seu email para receber o link mágico.',
    });
    expect(magicLinkRequestProblem('', false)).toMatchObject({ title: 'Informe seu email' });
    expect(magicLinkRequestProblem('ana@example.com', false)).toEqual({
      title: 'Verificação de segurança',
      description: 'Por favor, complete a verificação de segurança primeiro.',
    });
    expect(magicLinkRequestProblem('ana@example.com', true)).toBeNull();
  });

  it('needs only an e-mail to send the recovery link', () => {
    expect(passwordRecoveryRequestProblem(' ')).toEqual({
      title: 'Informe seu email',
      description: 'Digite seu email para receber o link de recuperação.',
    });
    expect(passwordRecoveryRequestProblem('ana@example.com')).toBeNull();
  });
});
