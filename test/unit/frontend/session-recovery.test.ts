import { describe, expect, it, vi } from 'vitest';
import {
  AUTH_CHECK_TIMEOUT_MS,
  isSessionError,
  MAX_SESSION_REFRESH_ATTEMPTS,
  resolveSession,
  SESSION_CHECK_DELAYS_MS,
  SessionCheckTimeoutError,
} from '../../../frontend/src/lib/session-recovery.js';

const named = (name: string, message = 'failed') => Object.assign(new Error(message), { name });
const noWait = () => Promise.resolve();

describe('isSessionError (spec 01 §4)', () => {
  it.each([
    named('AuthApiError', 'refresh_token_not_found'),
    named('AuthSessionMissingError', 'session_not_found'),
    named('Error', 'invalid JWT: unable to parse'),
    named('NotAuthorizedException', 'Refresh Token has expired'),
    named('NotAuthorizedException: Invalid Refresh Token'),
  ])('reads %s as a broken session', (error) => {
    expect(isSessionError(error)).toBe(true);
  });

  it.each([
    named('NetworkError', 'Failed to fetch'),
    named('TypeError', 'Load failed'),
    new SessionCheckTimeoutError(5000),
    named('Unknown', 'CognitoLocal#Unsupported'),
    null,
    undefined,
    42,
  ])('does not read %s as one: a dropped connection must not sign anyone out', (error) => {
    expect(isSessionError(error)).toBe(false);
  });
});

describe('resolveSession', () => {
  it('keeps the spec limits', () => {
    expect(AUTH_CHECK_TIMEOUT_MS).toBe(5000);
    expect(MAX_SESSION_REFRESH_ATTEMPTS).toBe(3);
    expect(SESSION_CHECK_DELAYS_MS).toEqual({ visibilityChange: 0, focus: 0, storage: 50, online: 100, mount: 50 });
  });

  it('answers with the stored session without refreshing it', async () => {
    const read = vi.fn().mockResolvedValue({ userId: 'u1' });
    await expect(resolveSession(read)).resolves.toEqual({ userId: 'u1' });
    expect(read).toHaveBeenCalledExactlyOnceWith({ forceRefresh: false });
  });

  it('answers null for a visitor without trying to recover anything', async () => {
    const read = vi.fn().mockResolvedValue(null);
    const onGiveUp = vi.fn().mockResolvedValue(undefined);
    await expect(resolveSession(read, { onGiveUp })).resolves.toBeNull();
    expect(read).toHaveBeenCalledTimes(1);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('recovers a broken session with a forced refresh', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(named('Error', 'JWT expired'))
      .mockRejectedValueOnce(named('NotAuthorizedException'))
      .mockResolvedValueOnce({ userId: 'u1' });
    await expect(resolveSession(read, { wait: noWait })).resolves.toEqual({ userId: 'u1' });
    expect(read.mock.calls.map(([options]) => options)).toEqual([
      { forceRefresh: false },
      { forceRefresh: true },
      { forceRefresh: true },
    ]);
  });

  it('gives up after 3 refresh attempts, clears the session and counts the user as signed out', async () => {
    const read = vi.fn().mockRejectedValue(named('AuthApiError', 'refresh_token_not_found'));
    const onGiveUp = vi.fn().mockRejectedValue(new Error('sign-out failed too'));
    const waits: number[] = [];
    const wait = (ms: number) => (waits.push(ms), Promise.resolve());
    await expect(resolveSession(read, { onGiveUp, wait })).resolves.toBeNull();
    expect(read).toHaveBeenCalledTimes(1 + 3);
    expect(onGiveUp).toHaveBeenCalledOnce();
    expect(waits).toEqual([200, 400]);
  });

  it('throws a network failure as it is, so the cached user survives it', async () => {
    const offline = named('NetworkError', 'Failed to fetch');
    const onGiveUp = vi.fn();
    await expect(resolveSession(vi.fn().mockRejectedValue(offline), { onGiveUp })).rejects.toBe(offline);
    const read = vi.fn().mockRejectedValueOnce(named('Error', 'session_not_found')).mockRejectedValueOnce(offline);
    await expect(resolveSession(read, { onGiveUp, wait: noWait })).rejects.toBe(offline);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('starts recovery when the first check does not answer in time', async () => {
    const read = vi
      .fn()
      .mockImplementationOnce(() => new Promise(() => {}))
      .mockResolvedValueOnce({ userId: 'u1' });
    await expect(resolveSession(read, { timeoutMs: 20 })).resolves.toEqual({ userId: 'u1' });
    expect(read).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('reports a recovery that hangs as a timeout, not as a sign-out', async () => {
    const onGiveUp = vi.fn();
    const read = vi.fn().mockImplementation(() => new Promise(() => {}));
    await expect(resolveSession(read, { timeoutMs: 10, onGiveUp })).rejects.toBeInstanceOf(SessionCheckTimeoutError);
    expect(onGiveUp).not.toHaveBeenCalled();
  });
});
