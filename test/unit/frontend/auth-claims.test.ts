import { describe, expect, it } from 'vitest';
import {
  ADMIN_HOME,
  DEFAULT_AFTER_LOGIN,
  landingFor,
  redirectTargetFrom,
  sessionUserFromClaims,
} from '../../../frontend/src/lib/auth-claims.js';

describe('sessionUserFromClaims', () => {
  it('reads e-mail and groups from the id token; an admin needs the second-factor claim', () => {
    const admin = { sub: 'u1', email: 'ana@example.com', 'cognito:groups': ['admin'] };
    expect(sessionUserFromClaims({ ...admin, admin_second_factor: 'totp' })).toEqual({
      userId: 'u1',
      email: 'ana@example.com',
      groups: ['admin'],
      isAdmin: true,
      needsSecondFactorSetup: false,
    });
    expect(sessionUserFromClaims(admin)).toMatchObject({ isAdmin: false, needsSecondFactorSetup: true });
    expect(sessionUserFromClaims({ ...admin, admin_second_factor: 'sms' })).toMatchObject({
      isAdmin: false,
      needsSecondFactorSetup: true,
    });
  });

  it('never asks a customer for a second factor, claim or not', () => {
    expect(sessionUserFromClaims({ sub: 'u2', admin_second_factor: 'totp' })).toMatchObject({
      isAdmin: false,
      needsSecondFactorSetup: false,
    });
  });

  it('treats missing or malformed groups as not admin', () => {
    expect(sessionUserFromClaims({ sub: 'u1', email: 'a@b.c' })?.isAdmin).toBe(false);
    expect(sessionUserFromClaims({ sub: 'u1', 'cognito:groups': 'admin' })?.isAdmin).toBe(false);
    expect(sessionUserFromClaims({ sub: 'u1', 'cognito:groups': ['clientes', 42] })).toMatchObject({
      groups: ['clientes'],
      isAdmin: false,
    });
  });

  it('has no user without a subject', () => {
    expect(sessionUserFromClaims({ email: 'a@b.c' })).toBeNull();
  });
});

describe('redirectTargetFrom', () => {
  it('returns to the guarded page with its query and hash', () => {
    expect(redirectTargetFrom({ from: { pathname: '/app/pagamento', search: '?x=1', hash: '#pix' } })).toBe(
      '/app/pagamento?x=1#pix',
    );
  });

  it('falls back to the dashboard', () => {
    expect(redirectTargetFrom(null)).toBe('/app/dashboard');
    expect(redirectTargetFrom({})).toBe('/app/dashboard');
    expect(redirectTargetFrom({ from: { pathname: '/auth' } })).toBe('/app/dashboard');
  });

  it('never leaves the site', () => {
    expect(redirectTargetFrom({ from: { pathname: '//evil.example/app' } })).toBe('/app/dashboard');
    expect(redirectTargetFrom({ from: { pathname: 'https://evil.example' } })).toBe('/app/dashboard');
  });
});

describe('landingFor', () => {
  it("takes an admin to 'Hoje' when no page was asked for, and anyone to the page they asked for", () => {
    expect(landingFor({ isAdmin: true }, DEFAULT_AFTER_LOGIN)).toBe(ADMIN_HOME);
    expect(landingFor({ isAdmin: false }, DEFAULT_AFTER_LOGIN)).toBe(DEFAULT_AFTER_LOGIN);
    expect(landingFor({ isAdmin: true }, '/admin/financeiro')).toBe('/admin/financeiro');
  });
});
