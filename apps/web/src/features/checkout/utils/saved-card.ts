import type { CardProgram } from '@sbo/contracts/schemas/cards';

/** The card this phone used last with a merchant's program, so its holder need not find it again. */
export type SavedCard = { number: string; virtual: boolean };

const storageKey = (program: CardProgram, merchantName: string) => `card:${program}:${merchantName}`;

function isSavedCard(value: unknown): value is SavedCard {
  if (typeof value !== 'object' || value === null) return false;
  const { number, virtual } = value as Record<string, unknown>;
  return typeof number === 'string' && /^\d{6,20}$/.test(number) && typeof virtual === 'boolean';
}

export function readSavedCard(program: CardProgram, merchantName: string): SavedCard | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(program, merchantName)) ?? 'null');
    return isSavedCard(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function saveCard(program: CardProgram, merchantName: string, card: SavedCard): void {
  try {
    localStorage.setItem(storageKey(program, merchantName), JSON.stringify(card));
  } catch {
    // Private browsing may refuse storage: the page still works, it only forgets the card.
  }
}

export function forgetSavedCard(program: CardProgram, merchantName: string): void {
  try {
    localStorage.removeItem(storageKey(program, merchantName));
  } catch {
    // Nothing was stored where storage is refused.
  }
}
