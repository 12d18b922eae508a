import type { Permission } from '@sbo/contracts';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/**
 * What a route tells the shell: the translation key of its screen title and, for a screen only some
 * roles may open, the permission it needs (the shell shows a no-access screen to anyone without it).
 */
export type ScreenHandle = { titleKey: string; permission?: Permission };

function isScreenHandle(value: unknown): value is ScreenHandle {
  return typeof value === 'object' && value !== null && typeof (value as Partial<ScreenHandle>).titleKey === 'string';
}

/** The translated title of the deepest matched route that names one. */
export function useScreenTitle(): string | null {
  const { t } = useTranslation();
  const titleKey = useMatches()
    .map((match) => match.handle)
    .filter(isScreenHandle)
    .at(-1)?.titleKey;
  return titleKey ? t(titleKey) : null;
}

/** The permission the deepest matched screen needs, if any. */
export function useScreenPermission(): Permission | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(isScreenHandle)
    .at(-1)?.permission;
}
