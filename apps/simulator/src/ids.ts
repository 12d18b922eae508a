import { randomBytes } from 'node:crypto';

/**
 * Identifiers that must never repeat, even when the same device restarts with the same seed:
 * a boot id from the clock plus 48 random bits, and event ids `${bootId}-${n}` under it.
 */
export const newBootId = (): string => `${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
export const newConnId = (): string => randomBytes(8).toString('hex');

export const createIdSource = (bootId: string) => {
  let n = 0;
  return { next: (): string => `${bootId}-${(++n).toString(36)}` };
};
