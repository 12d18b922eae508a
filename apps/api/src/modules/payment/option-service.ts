import {
  ErrorCode,
  isMobileGateway,
  placeGateways,
  type PaymentOptions,
  type PaymentOptionsUpdate,
  type PlacePaymentOptions,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MerchantAuth } from '../../plugins/access';
import * as repo from './option-repository';

export function createPaymentOptionService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async list(actor: MerchantAuth): Promise<PaymentOptions> {
      const enabled = await repo.mobilePaymentEnabled(db, actor);
      if (enabled === null) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
      return { mobilePaymentEnabled: enabled, places: await repo.listPlaceOptions(db, actor) };
    },

    /** Mobile gateways need the merchant's mobile payment enabled (1104018); coins and cash cards do not. */
    async update(actor: MerchantAuth, placeId: number, input: PaymentOptionsUpdate): Promise<PlacePaymentOptions> {
      return db.transaction(async (tx) => {
        const before = await repo.findPlaceOptions(tx, actor, placeId);
        if (!before) throw new AppError(ErrorCode.PLACE_INVALID);
        // Kept in the catalogue's order, whatever order the client sent.
        const gateways = placeGateways.filter((g) => input.gateways.includes(g));
        const enabled = await repo.mobilePaymentEnabled(tx, actor);
        if (!enabled && gateways.some(isMobileGateway)) throw new AppError(ErrorCode.MOBILE_PAYMENT_NOT_ENABLED);
        await repo.savePlaceOptions(tx, actor, placeId, gateways, clock.now());
        const after = { ...before, gateways };
        await writeAudit(tx, actor, {
          action: 'payment.update',
          entity: 'place',
          entityId: placeId,
          before,
          after,
        });
        return after;
      });
    },

    /** A service agent's switch, set once the merchant's mobile-payment contract is in place. */
    async setMobilePayment(actor: MerchantAuth, enabled: boolean) {
      return db.transaction(async (tx) => {
        const before = await repo.mobilePaymentEnabled(tx, actor, true);
        if (before === null) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
        await repo.setMobilePayment(tx, actor, enabled);
        await writeAudit(tx, actor, {
          action: 'merchant.mobilePayment',
          entity: 'merchant',
          entityId: actor.merchantId,
          before: { mobilePaymentEnabled: before },
          after: { mobilePaymentEnabled: enabled },
        });
        return { mobilePaymentEnabled: enabled };
      });
    },
  };
}
