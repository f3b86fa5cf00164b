import { describe, expect, it } from 'vitest';
import { BROWSER_ERROR_USER_AGENT_MAX } from '../../../domain/browser-errors.js';
import { cleanBrowserError } from '../../../lambdas/browser-errors/browser-error-service.js';

const report = { kind: 'render' as const, route: '/app/dashboard', message: 'boom', build: 'b1' };

describe('cleanBrowserError', () => {
  it('keeps a short user agent, without personal data', () => {
    const cleaned = cleanBrowserError(report, 'Mozilla/5.0 maria@example.com');
    expect(cleaned.userAgent).toContain('Mozilla/5.0');
    expect(cleaned.userAgent).not.toContain('maria@example.com');
  });

  it('cuts a caller-made huge user agent to its maximum', () => {
    const cleaned = cleanBrowserError(report, 'a'.repeat(200_000));
    expect(cleaned.userAgent).toHaveLength(BROWSER_ERROR_USER_AGENT_MAX);
  });
});
