import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ScreenHandle } from '../../components/ui/use-screen-title';

type LazyScreen = NonNullable<RouteObject['lazy']>;

// Screens that later issues build: until then an honest page with the title and an empty state.
const comingScreen: LazyScreen = () =>
  import('../../features/shell/components/coming-screen').then((module) => ({ Component: module.ComingScreen }));

/** A route for a screen, loaded lazily; the title key doubles as the document title. */
export function screenRoute(
  path: string,
  titleKey: string,
  extra: Omit<RouteObject, 'path' | 'handle' | 'children' | 'index'> = {},
): RouteObject {
  return { path, handle: { titleKey } satisfies ScreenHandle, lazy: comingScreen, ...extra };
}

export function lazyComponent<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyScreen {
  return () => load().then((module) => ({ Component: pick(module) }));
}
