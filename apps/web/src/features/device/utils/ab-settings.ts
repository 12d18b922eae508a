import type { AbSettingValue } from '../api/ab-config';

/** A value typed for a new setting: numbers and true/false as such, anything else as text. */
export function parseSettingValue(raw: string): AbSettingValue {
  const text = raw.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** Setting names the device protocol accepts (`deviceConfig`). */
export const settingName = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
