import type { CardProgram, CardSettings, CardSettingsInput } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import * as repo from './repository';
import { defaultPointsRule } from './rules';

/** A program's settings; a program nobody has set up has no tiers, points off, and no accepting place. */
export async function settingsOf(
  db: Executor,
  merchantId: number,
  program: CardProgram,
): Promise<CardSettingsInput & { updatedAt: Date | null }> {
  const row = await repo.findSettings(db, merchantId, program);
  if (!row)
    return { topUpTiers: [], pointsRule: defaultPointsRule, placeIds: [], virtualCards: false, updatedAt: null };
  return {
    topUpTiers: [...row.topUpTiers].sort((a, b) => a.amount - b.amount),
    pointsRule: row.pointsRule,
    placeIds: row.placeIds,
    virtualCards: row.virtualCards,
    updatedAt: row.updatedAt,
  };
}

export async function settingsView(db: Executor, merchantId: number, program: CardProgram): Promise<CardSettings> {
  const [settings, merchant] = await Promise.all([
    settingsOf(db, merchantId, program),
    repo.merchantCurrency(db, merchantId),
  ]);
  return { ...settings, program, currency: merchant.currency, updatedAt: settings.updatedAt?.toISOString() ?? null };
}
