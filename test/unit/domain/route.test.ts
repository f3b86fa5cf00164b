import { describe, expect, it } from 'vitest';
import { routePath, routeQueryString } from '../../../domain/api/route.js';

describe('routePath', () => {
  it('refuses every missing value, null included, naming the placeholder and the path', () => {
    for (const id of [undefined, null, '']) {
      expect(() => routePath({ path: '/admin/clients/{id}' }, { id })).toThrow(
        'Missing path parameter "id" for /admin/clients/{id}',
      );
    }
  });
  it('keeps 0 and false, which are values', () => {
    expect(routePath({ path: '/a/{n}/{flag}' }, { n: 0, flag: false })).toBe('/a/0/false');
    expect(routeQueryString({ n: 0, flag: false })).toBe('n=0&flag=false');
  });
});
