import { describe, expect, it } from 'vitest';
import { MAGIC_LINK_PATH, magicLinkUrl, parseMagicLinkFragment } from '../../../domain/auth-links.js';

describe('magic links', () => {
  it('carry the token in the fragment of /auth/link-magico, which the SPA parses back', () => {
    const url = new URL(magicLinkUrl('https://baixa.example.com', 'eyJhIjoxfQ.c2ln-_x'));
    expect(url.pathname).toBe(MAGIC_LINK_PATH);
    expect(url.search).toBe('');
    expect(url.hash).toBe('#eyJhIjoxfQ.c2ln-_x');
    expect(parseMagicLinkFragment(url.hash)).toBe('eyJhIjoxfQ.c2ln-_x');
  });

  it('ignore fragments that are not tokens', () => {
    for (const hash of ['', '#', '#abc', '#a.b.c', '#<script>.x']) expect(parseMagicLinkFragment(hash)).toBeNull();
  });
});
