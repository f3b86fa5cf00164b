import { AUTH_MESSAGES } from '@domain/messages.js';

/** What stops a request (spec 01 §5), said under the field to fix. */
export type RequestProblem = { field: 'email' | 'checkAnswer'; message: string };

/** 'Entrar com Link Mágico': an e-mail, then the solved security check. */
export function magicLinkRequestProblem(email: string, checkSolved: boolean): RequestProblem | null {
  if (!email.trim()) return { field: 'email', message: AUTH_MESSAGES.magicLinkEmailDescription };
  if (!checkSolved) return { field: 'checkAnswer', message: AUTH_MESSAGES.magicLinkCheckDescription };
  return null;
}

/** 'Esqueci minha senha': only the e-mail. */
export function passwordRecoveryRequestProblem(email: string): RequestProblem | null {
  if (email.trim()) return null;
  return { field: 'email', message: AUTH_MESSAGES.recoveryEmailDescription };
}
