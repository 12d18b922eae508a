import type { CardEntryKind, CardStatus } from '@sbo/contracts/schemas/cards';

/** Colours that tell money coming onto a card from money leaving it. */
export const kindColor: Record<CardEntryKind, string> = {
  topUp: 'blue',
  topUpReward: 'cyan',
  spend: 'orange',
  pointsEarned: 'green',
  pointsRedeemed: 'gold',
  refund: 'purple',
  adjustment: 'default',
  promotionBonus: 'magenta',
};

export const statusColor: Record<CardStatus, string> = {
  inactive: 'default',
  active: 'success',
  cancelled: 'error',
};
