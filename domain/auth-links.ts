/**
 * Links Cognito e-mails carry back into the SPA. The CustomMessage trigger builds them with
 * Cognito's code placeholder; the SPA parses them and calls confirmSignUp / confirmResetPassword.
 * Codes travel in the query string because Cognito substitutes `{####}` only as a literal.
 */
export const AUTH_ACTION_PARAM = 'acao';
export type AuthLinkAction = 'confirmar' | 'redefinir';

export function authActionLink(appUrl: string, action: AuthLinkAction, email: string, code: string): string {
  const url = new URL('/auth', appUrl);
  url.searchParams.set(AUTH_ACTION_PARAM, action);
  url.searchParams.set('email', email);
  // Cognito's placeholder must survive literally so Cognito can replace it; URLSearchParams would encode it.
  return `${url.toString()}&codigo=${code}`;
}

export type ParsedAuthLink = { action: AuthLinkAction; email: string; code: string };

export function parseAuthActionLink(search: string): ParsedAuthLink | null {
  const params = new URLSearchParams(search);
  const action = params.get(AUTH_ACTION_PARAM);
  const email = params.get('email');
  const code = params.get('codigo');
  if ((action !== 'confirmar' && action !== 'redefinir') || !email || !code) return null;
  return { action, email, code };
}
