import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { placeholderAllowList, routeWalk } from '../../../e2e/support/route-walk';
import { routes } from '../src/app/router';

function pathsOf(list: readonly RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

// The browser walk (e2e/route-walk.test.ts) opens an address for every route of the router, for each role.
describe('the route walk list', () => {
  it('names every route of the router, and nothing the router does not have', () => {
    const routerPaths = pathsOf(routes).sort();
    expect(Object.keys(routeWalk).sort()).toEqual(routerPaths);
  });

  it('allows the "on its way" page nowhere: every screen is real', () => {
    expect([...placeholderAllowList]).toEqual([]);
  });
});
