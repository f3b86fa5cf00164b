import { describe, expect, it } from 'vitest';
import { outsideKeysOf } from '../../../lambdas/shared/data/client-deletion.js';
import { keys } from '../../../lambdas/shared/data/keys.js';
import { createProfileInput } from '../../factories.js';
import {
  clientSearchNeedle,
  cnjSearchToken,
  protocolPieceNeedle,
  protocolSearchTokens,
} from '../../../domain/search-tokens.js';

/** Whether a prefix search of the tokens (pattern 86) finds a term, as the server searches it: by each of its needles. */
const finds = (tokens: string[], term: string) =>
  [clientSearchNeedle(term), protocolPieceNeedle(term)].some(
    (needle) => needle !== null && tokens.some((token) => token.startsWith(needle)),
  );

describe('protocol and court-case search tokens (pattern 86)', () => {
  const protocolo = 'LM20261121-K7Q3-9XTD-M2PA';
  const tokens = protocolSearchTokens(protocolo);

  it('finds a protocol by any 4+ characters of it, typed with or without dashes, in any case', () => {
    for (const piece of [
      'LM20261121-K7Q3-9XTD-M2PA',
      'K7Q3',
      'k7q3-9xt',
      '9XTD',
      'M2PA',
      'Q39X',
      '1121-K7Q3',
      '2026',
      // A piece with a dash and no digit: a name-like term to the document rule, found by its protocol needle.
      'XTD-M',
      'xtd-m',
    ]) {
      expect(finds(tokens, piece), piece).toBe(true);
    }
    expect(finds(tokens, 'K7Q4')).toBe(false);
    expect(finds(tokens, 'XTDQ')).toBe(false);
  });

  it('looks a dashed piece up without its dashes only when its own needle keeps them', () => {
    expect(protocolPieceNeedle('XTD-M')).toBe('xtdm');
    expect(protocolPieceNeedle('K7Q3-9XT')).toBeNull();
    expect(protocolPieceNeedle('XTDM')).toBeNull();
    expect(protocolPieceNeedle('Ana Maria')).toBeNull();
    expect(protocolPieceNeedle('ab-c')).toBeNull();
  });

  it('stays within 20 tokens, none shorter than 4 characters', () => {
    expect(tokens.length).toBeLessThanOrEqual(20);
    expect(Math.min(...tokens.map((token) => token.length))).toBe(4);
    expect(protocolSearchTokens('LM2026112100042')).toContain('00042');
  });

  it('finds a court case by its CNJ number, with or without its dots and dashes', () => {
    const token = cnjSearchToken('0001234-56.2026.8.26.0100');
    expect(token).toBe('00012345620268260100');
    expect(token.startsWith(clientSearchNeedle('0001234-56.2026.8.26.0100'))).toBe(true);
    expect(token.startsWith(clientSearchNeedle('00012345620268260100'))).toBe(true);
  });

  it("names a client's protocol and CNJ tokens among the keys their deletion removes (pattern 28)", () => {
    const profile = {
      ...createProfileInput(),
      id: 'p1',
      user_id: 'u1',
      referral_code: 'REF-ABC123',
      referred_by_profile_id: null,
      free_renewals: 0,
      created_at: '2026-11-01T00:00:00.000Z',
    };
    const found = outsideKeysOf('u1', profile as never, [
      { pk: keys.customer('u1'), sk: keys.contractSk('c1'), type: 'CONTRACT', id: 'c1', protocolo },
      {
        pk: keys.customer('u1'),
        sk: keys.processSk('c1'),
        type: 'PROCESS',
        id: 'pr1',
        numero_cnj: '0001234-56.2026.8.26.0100',
      },
    ]);
    const named = new Set(found.map(({ pk, sk }) => `${pk}|${sk}`));
    for (const token of [...tokens, '00012345620268260100']) {
      expect(named.has(`${keys.searchPartition('CLIENT', token)}|${keys.searchSk(token, 'u1')}`), token).toBe(true);
    }
  });
});
