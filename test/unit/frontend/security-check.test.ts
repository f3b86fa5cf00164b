import { describe, expect, it } from 'vitest';
import {
  createSecurityCheck,
  isSecurityCheckSolved,
  securityCheckQuestion,
} from '../../../frontend/src/features/auth/lib/security-check.js';

describe('security check (spec 01 §5)', () => {
  it('draws both digits from 1 to 9', () => {
    expect(createSecurityCheck(() => 0)).toEqual({ a: 1, b: 1 });
    expect(createSecurityCheck(() => 0.9999)).toEqual({ a: 9, b: 9 });
    for (let i = 0; i < 200; i++) {
      const { a, b } = createSecurityCheck();
      expect([a, b].every((d) => Number.isInteger(d) && d >= 1 && d <= 9)).toBe(true);
    }
  });

  it('asks the question the input is labelled with', () => {
    expect(securityCheckQuestion({ a: 3, b: 5 })).toBe('Quanto é 3 + 5?');
  });

  it('is solved only by the exact sum', () => {
    const check = { a: 3, b: 5 };
    expect(isSecurityCheckSolved(check, '8')).toBe(true);
    expect(isSecurityCheckSolved(check, ' 8 ')).toBe(true);
    expect(isSecurityCheckSolved(check, '9')).toBe(false);
    expect(isSecurityCheckSolved(check, '')).toBe(false);
    expect(isSecurityCheckSolved(check, '8.0')).toBe(false);
  });
});
