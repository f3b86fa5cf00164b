/**
 * Browser errors the SPA reports: what a report may carry and how personal data is kept out of it.
 * Pure rules, shared by the SPA's reporter (which cleans before sending) and the route (which cleans again: the
 * browser is not trusted to have done it). No AWS, no React.
 */

/** The public route the SPA reports to. */
export const BROWSER_ERRORS_PATH = '/public/browser-errors';

/** Where the error was caught: the React error boundary, or a promise rejection nobody handled. */
export const BROWSER_ERROR_KINDS = ['render', 'rejection'] as const;
export type BrowserErrorKind = (typeof BROWSER_ERROR_KINDS)[number];

/** A message is for telling errors apart, not for reading a stack: the first 300 characters are plenty. */
export const BROWSER_ERROR_MESSAGE_MAX = 300;
export const BROWSER_ERROR_ROUTE_MAX = 200;
export const BROWSER_ERROR_BUILD_MAX = 64;
export const BROWSER_ERROR_USER_AGENT_MAX = 256;
/** The largest body the route reads; the fields above fit well within it. */
export const BROWSER_ERROR_MAX_BODY_BYTES = 2048;
/** A page load sends at most this many reports: a render loop must not become a flood. */
export const BROWSER_ERRORS_PER_PAGE = 5;

/** The pt-BR answers of the route. The SPA never shows them (reporting is silent); a person calling it by hand does. */
export const BROWSER_ERROR_MESSAGES = {
  invalidKind: 'Informe o tipo do erro: render ou rejection.',
  invalidRoute: 'Informe a rota do erro como um caminho que começa com "/", sem parâmetros de consulta.',
  invalidMessage: 'Informe a mensagem do erro (até 300 caracteres).',
  invalidBuild: 'Informe a versão do aplicativo (até 64 caracteres).',
  bodyTooLarge: 'O relato de erro é grande demais.',
  tooManyRequests: 'Muitos relatos de erro em pouco tempo. Tente novamente mais tarde.',
} as const;

/**
 * What looks like personal data, most specific first, each with what it becomes. A message can quote a value the
 * person typed (an invalid CPF in a parse error, an e-mail in a failed request's URL): such values must never reach the
 * logs. Over-matching is fine (a long number that was not a CPF is lost from a log line); under-matching is not.
 */
const PERSONAL_DATA: readonly [RegExp, string][] = [
  // A JSON Web Token (an id token in a failed request's message).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // The query string and fragment of an address: they can carry an e-mail, a document or a token.
  [/(\b[a-z][a-z\d+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi, '$1'],
  [/[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g, '[e-mail]'],
  // CNPJ, numeric or alphanumeric (from July 2026), with or without its punctuation.
  [/\b[A-Z\d]{2}\.?[A-Z\d]{3}\.?[A-Z\d]{3}\/?[A-Z\d]{4}-?\d{2}\b/g, '[documento]'],
  // CPF, with or without its punctuation.
  [/\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g, '[documento]'],
  // A phone number, a CEP, a card or any other long run of digits and separators.
  [/\(?\+?\d[\d\s().-]{6,}\d/g, '[número]'],
];

/** A message with anything that looks like personal data replaced, control characters removed, and trimmed. */
export function scrubPersonalData(message: string): string {
  let text = message.replace(/\p{Cc}+/gu, ' ');
  for (const [pattern, replacement] of PERSONAL_DATA) text = text.replace(pattern, replacement);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > BROWSER_ERROR_MESSAGE_MAX ? `${text.slice(0, BROWSER_ERROR_MESSAGE_MAX - 1)}…` : text;
}

/**
 * A route as a pattern: only the path, and any segment that could name someone (digits, an e-mail, anything long)
 * replaced by `:param`. The SPA sends its router's pattern (`/admin/clientes/:id`); this is the floor both sides apply,
 * so a concrete path (`/verificar/ABCD1234`) can never be logged as is.
 */
export function routePattern(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  const segments = bare
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^(:\w+|\*|[a-z][a-z-]{0,30})$/.test(segment) ? segment : ':param'));
  return `/${segments.join('/')}`.slice(0, BROWSER_ERROR_ROUTE_MAX);
}
