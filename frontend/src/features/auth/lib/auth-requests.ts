import { AUTH_MESSAGES } from '@domain/messages.js';

/** What stops a request, as the spec's titled toast (spec 01 §5). */
export type RequestProblem = { title: string; description: string };

/** 'Entrar com Link Mágico': an e-mail, then the solved security check. */
export function magicLinkRequestProblem(email: string, checkSolved: boolean): RequestProblem | null {
  if (!email.trim()) {
    return { title: AUTH_MESSAGES.magicLinkEmailTitle, description: AUTH_MESSAGES.magicLinkEmailDescription };
  }
  if (!checkSolved) {
    return { title: AUTH_MESSAGES.magicLinkCheckTitle, description: AUTH_MESSAGES.magicLinkCheckDescription };
  }
  return null;
}

/** 'Esqueci minha senha': only the e-mail. */
export function passwordRecoveryRequestProblem(email: string): RequestProblem | null {
  if (email.trim()) return null;
  return { title: AUTH_MESSAGES.recoveryEmailTitle, description: AUTH_MESSAGES.recoveryEmailDescription };
}
