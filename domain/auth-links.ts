/**
 * Links Cognito e-mails carry back into the SPA. The CustomMessage trigger builds them with
 * Cognito's code placeholder; the SPA parses them and calls confirmSignUp / confirmResetPassword.
 * The code travels in the URL fragment, which browsers never send to a server: a recovery code is
 * enough to take over an account, so it must not reach CloudFront's access logs.
 */
export const AUTH_ACTION_PARAM = 'acao';
export type AuthLinkAction = 'confirmar' | 'redefinir';

export function authActionLink(appUrl: string, action: AuthLinkAction, email: string, code: string): string {
  const fragment = new URLSearchParams({ [AUTH_ACTION_PARAM]: action, email });
  // Cognito's placeholder must survive literally so Cognito can replace it; URLSearchParams would encode it.
  return `${new URL('/auth', appUrl).toString()}#${fragment.toString()}&codigo=${code}`;
}

export type ParsedAuthLink = { action: AuthLinkAction; email: string; code: string };

/** The action of an e-mail link from its fragment (`location.hash`, with or without the `#`). */
export function parseAuthActionLink(hash: string): ParsedAuthLink | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const action = params.get(AUTH_ACTION_PARAM);
  const email = params.get('email');
  const code = params.get('codigo');
  if ((action !== 'confirmar' && action !== 'redefinir') || !email || !code) return null;
  return { action, email, code };
}

/**
 * Change of e-mail (spec 02 §2 Profile): Cognito sends a code to the new address; the link opens the profile, where the
 * signed-in customer's SPA confirms it (`confirmUserAttribute`). The code rides in the fragment, like the others.
 */
export const EMAIL_CHANGE_ACTION = 'confirmar-email';
export const PROFILE_PATH = '/app/perfil';

export function emailChangeLink(appUrl: string, code: string): string {
  // Cognito's placeholder must survive literally so Cognito can replace it.
  return `${new URL(PROFILE_PATH, appUrl).toString()}#${AUTH_ACTION_PARAM}=${EMAIL_CHANGE_ACTION}&codigo=${code}`;
}

/** The confirmation code of an e-mail-change link's fragment, or null. */
export function parseEmailChangeLink(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const code = params.get('codigo');
  return params.get(AUTH_ACTION_PARAM) === EMAIL_CHANGE_ACTION && code && /^\w{1,64}$/.test(code) ? code : null;
}

/**
 * Magic link (CUSTOM_AUTH). The token travels in the URL fragment, which browsers never send to a
 * server, so it cannot reach CloudFront, S3 or API logs. Any browser can open it: the server checks the
 * token's signature and its single-use record, not the session that asked for it.
 */
export const MAGIC_LINK_PATH = '/auth/link-magico';

export function magicLinkUrl(appUrl: string, token: string): string {
  return `${new URL(MAGIC_LINK_PATH, appUrl).toString()}#${token}`;
}

/** The token in a magic link's fragment (`location.hash`), or null when it is not shaped like one. */
export function parseMagicLinkFragment(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return /^[\w-]+\.[\w-]+$/.test(token) ? token : null;
}

/**
 * The e-mail a token was issued to, read WITHOUT checking it: the SPA needs it as the Cognito username when the
 * link is opened in another browser. Trust comes only from the server's verification of the whole token.
 */
export function magicLinkEmail(token: string): string | null {
  const payload = token.split('.')[0];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    const email = (claims as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email.includes('@') ? email : null;
  } catch {
    return null;
  }
}

/**
 * ClientMetadata the SPA sends with `confirmSignIn` (RespondToAuthChallenge). Cognito does not pass InitiateAuth's
 * ClientMetadata to the Define/Create challenge triggers, so the first challenge only collects these parameters
 * (see docs/decisions.md, magic link).
 */
export type MagicLinkClientMetadata = { signInMethod: 'MAGIC_LINK'; alreadyHaveMagicLink: 'yes' | 'no' };

export function magicLinkClientMetadata(alreadyHaveMagicLink: boolean): MagicLinkClientMetadata {
  return { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: alreadyHaveMagicLink ? 'yes' : 'no' };
}

/** The answer to the first, parameter-collecting challenge when asking for a link; its value is ignored. */
export const MAGIC_LINK_REQUEST_ANSWER = 'enviar-link';
