import type { Permission } from '@sbo/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ScreenHandle } from '../../components/ui/use-screen-title';
import { loadAreaTexts } from '../../lib/i18n';

type LazyScreen = NonNullable<RouteObject['lazy']>;

// Screens that later issues build: until then an honest page with the title and an empty state.
const comingScreen: LazyScreen = () =>
  import('../../features/shell/components/coming-screen').then((module) => ({ Component: module.ComingScreen }));

/**
 * Which texts a screen needs before it shows: `areas` (the default) brings every feature area's texts with
 * the screen's code; `start` is for the first screen (sign-in, merchant pick), which uses only the shell's
 * and the error texts that load before the first render.
 */
type ScreenTexts = 'start' | 'areas';

type ScreenExtra = Omit<RouteObject, 'path' | 'handle' | 'children' | 'index'> & {
  /** The permission (docs/permissions.md) the screen needs: without it the shell says so instead. */
  permission?: Permission;
};

/** A route for a screen, loaded lazily; the title key doubles as the document title. */
export function screenRoute(path: string, titleKey: string, extra: ScreenExtra = {}): RouteObject {
  const { permission, ...rest } = extra;
  const handle: ScreenHandle = permission ? { titleKey, permission } : { titleKey };
  return { path, handle, lazy: comingScreen, ...rest };
}

export function lazyComponent<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  texts: ScreenTexts = 'areas',
): LazyScreen {
  return async () => {
    const [module] = await Promise.all([load(), texts === 'areas' ? loadAreaTexts() : null]);
    return { Component: pick(module) };
  };
}
