/**
 * Session recovery rules of spec 01 §4 and §9, free of Amplify and React so they can be unit tested.
 * `auth-session.ts` plugs Amplify's `fetchAuthSession` into `resolveSession`.
 */

/** Spec 01 §9: the route guard waits 5 s for the session before it tries to recover it. */
export const AUTH_CHECK_TIMEOUT_MS = 5_000;
/** Spec 01 §4/§9: at most 3 refresh attempts, then the user counts as signed out. */
export const MAX_SESSION_REFRESH_ATTEMPTS = 3;
/** Pause before the 2nd and 3rd attempts; doubles each time, as the spec's auto-refresh does. */
export const REFRESH_BACKOFF_MS = 200;

/** Spec 01 §9: when the guard re-checks the session, and how long after the event. */
export const SESSION_CHECK_DELAYS_MS = {
  visibilityChange: 0,
  focus: 0,
  storage: 50,
  online: 100,
  mount: 50,
} as const;
export type SessionCheckTrigger = keyof typeof SESSION_CHECK_DELAYS_MS;

/**
 * Errors that say the stored session itself is bad (spec 01 §4: refresh_token_not_found, JWT,
 * session_not_found; Cognito: NotAuthorizedException on refresh). Network failures and timeouts are
 * not among them: a dropped connection must never sign anyone out.
 */
const SESSION_ERROR_PATTERN = /refresh_token_not_found|session_not_found|jwt|NotAuthorizedException/i;

export function isSessionError(error: unknown): boolean {
  if (error === null || typeof error !== 'object')
    return typeof error === 'string' && SESSION_ERROR_PATTERN.test(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  return [name, message].some((text) => typeof text === 'string' && SESSION_ERROR_PATTERN.test(text));
}

export class SessionCheckTimeoutError extends Error {
  override readonly name = 'SessionCheckTimeoutError';
  constructor(timeoutMs: number) {
    super(`The session check did not answer within ${timeoutMs} ms`);
  }
}

export type ReadSession<T> = (options: { forceRefresh: boolean }) => Promise<T | null>;

export type ResolveSessionOptions = {
  timeoutMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  /** Clears what is left of a session that could not be recovered. Its failure is ignored. */
  onGiveUp?: (lastError: unknown) => Promise<void>;
  wait?: (ms: number) => Promise<void>;
};

/**
 * Reads the session; on a session error, or when the read hangs past the timeout, forces a refresh up to
 * `maxAttempts` times. Returns null when there is no session or it could not be recovered. Any other
 * failure (network, a refresh that hangs) is thrown, so the caller keeps what it knew before.
 */
export async function resolveSession<T>(read: ReadSession<T>, options: ResolveSessionOptions = {}): Promise<T | null> {
  const {
    timeoutMs = AUTH_CHECK_TIMEOUT_MS,
    maxAttempts = MAX_SESSION_REFRESH_ATTEMPTS,
    backoffMs = REFRESH_BACKOFF_MS,
    onGiveUp,
    wait = delay,
  } = options;
  try {
    return await withDeadline(read({ forceRefresh: false }), timeoutMs);
  } catch (error) {
    if (!(error instanceof SessionCheckTimeoutError) && !isSessionError(error)) throw error;
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt > 0) await wait(backoffMs * 2 ** (attempt - 1));
    try {
      return await withDeadline(read({ forceRefresh: true }), timeoutMs);
    } catch (error) {
      if (!isSessionError(error)) throw error;
      lastError = error;
    }
  }
  await onGiveUp?.(lastError).catch(() => undefined);
  return null;
}

export function withDeadline<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SessionCheckTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
