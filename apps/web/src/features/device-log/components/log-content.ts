import type { DeviceLogRow } from '@sbo/contracts';
import { i18n } from '../../../lib/i18n';

/** A log row's text in the current language: its translation key with its values, else the server's English. */
export function logContent(row: Pick<DeviceLogRow, 'content' | 'contentKey' | 'contentParams'>): string {
  const params = Object.fromEntries(
    Object.entries(row.contentParams).map(([key, value]) => [key, value === null ? '' : String(value)]),
  );
  return i18n.t(row.contentKey, { ...params, defaultValue: row.content });
}
