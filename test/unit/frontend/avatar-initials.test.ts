import { describe, expect, it } from 'vitest';
import { avatarInitials } from '../../../frontend/src/features/admin-clients/lib/initials.js';

describe('avatarInitials (spec 02 §9: the first 2 letters of the name)', () => {
  it('takes the first two letters, upper case, accents kept', () => {
    expect(avatarInitials('Maria da Conceição')).toBe('MA');
    expect(avatarInitials('élida Souza')).toBe('ÉL');
  });

  it('skips what is not a letter, and never answers empty', () => {
    expect(avatarInitials('  J. Silva')).toBe('JS');
    expect(avatarInitials('123')).toBe('?');
  });
});
