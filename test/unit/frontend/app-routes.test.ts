import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, PUBLIC_PAGES } from '@domain/public-pages.js';
import { routes } from '@/app/routes';

describe("the app's routes", () => {
  /** Every full path the router declares, with react-router's `:param` segments. */
  function routePaths(routes: RouteObject[], parent = ''): string[] {
    return routes.flatMap((route) => {
      const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
      const own = route.path || route.index ? [path || '/'] : [];
      return [...own, ...routePaths(route.children ?? [], path)];
    });
  }

  it('are exactly APP_ROUTES and the public pages (plus the catch-all 404)', () => {
    const declared = routePaths(routes).filter((path) => path !== '/*');
    const publicPaths = PUBLIC_PAGES.map((page) => page.path as string);
    expect(new Set(declared)).toEqual(new Set([...APP_ROUTES, ...publicPaths]));
    expect(routePaths(routes)).toContain('/*');
  });
});
