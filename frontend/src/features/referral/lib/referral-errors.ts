import { REFERRAL_MESSAGES } from '@domain/messages.js';
import { ApiRequestError } from '@/lib/api-error';

/** Spec 02 §8 Referrals, for a failed load: an expired session reads differently from everything else. */
export function referralLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && (error.status === 401 || error.code === 'unauthorized')) {
    return REFERRAL_MESSAGES.sessionExpired;
  }
  if (error instanceof ApiRequestError && error.code === 'invalid_response') return REFERRAL_MESSAGES.profileLoadFailed;
  return REFERRAL_MESSAGES.loadFailed;
}

/**
 * Spec 02 §8 Referrals, for a failed invite: the server's own message when it refused something (a repeat, no profile,
 * the caller's address, too many invites, the e-mail not sent), the session and permission texts, and
 * 'Erro ao salvar indicação: …' or 'Não foi possível enviar o convite.' for the rest.
 */
export function inviteErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return REFERRAL_MESSAGES.sendFailed;
  switch (error.code) {
    case 'unauthorized':
      return REFERRAL_MESSAGES.sessionExpired;
    case 'forbidden':
      return REFERRAL_MESSAGES.permissionDenied;
    case 'validation':
    case 'conflict':
    case 'too_many_requests':
    case 'provider_unavailable':
      return error.fields?.email ?? error.message;
    case 'internal':
      return REFERRAL_MESSAGES.saveFailed(error.message);
    default:
      return REFERRAL_MESSAGES.sendFailed;
  }
}
