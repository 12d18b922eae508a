import type { Card, CardEntry } from '@sbo/contracts';

/** A card as the card endpoints answer it. */
export const sampleCard = (overrides: Partial<Card> = {}): Card => ({
  id: 11,
  number: '8800000011',
  program: 'vip',
  virtual: false,
  loyaltyType: 'storedValue',
  holderName: 'Lin',
  holderPhone: '+886*******678',
  status: 'active',
  currency: 'TWD',
  deposit: 50_000,
  reward: 5_000,
  spent: 12_000,
  balance: 43_000,
  point: 12,
  place: { id: 1, name: 'Main street' },
  createdAt: '2026-01-01T00:00:00.000Z',
  lastTradeAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

/** A ledger entry as the card records list it. */
export const sampleEntry = (overrides: Partial<CardEntry> = {}): CardEntry => ({
  id: 1,
  card: { id: 11, number: '8800000011', program: 'vip', holderName: 'Lin' },
  kind: 'topUp',
  balanceChange: 50_000,
  pointChange: 0,
  balanceAfter: 50_000,
  pointAfter: 0,
  currency: 'TWD',
  place: null,
  device: null,
  transactionId: null,
  reason: 'Paid at the counter',
  actor: 'Amy',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
