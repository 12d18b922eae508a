import { transactionStatuses, type PaymentGateway } from '@sbo/contracts/constants';
import { gatewayDisplayName } from '@sbo/contracts/gateway-names';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../lib/i18n';

/** A gateway's one name (the contract's), in the interface language: the same on every screen. */
export const gatewayLabel = (gateway: PaymentGateway | string): string =>
  gatewayDisplayName(gateway, currentLanguage());

export const statusLabel = (t: TFunction, status: number): string =>
  (Object.values(transactionStatuses) as readonly number[]).includes(status)
    ? t(`sales.status.${status}`)
    : String(status);

export const machineTypeLabel = (t: TFunction, machineType: number | null): string =>
  t(`sales.machineType.${machineType ?? 0}`, { defaultValue: String(machineType) });

/** Colours that tell money still on its way from money settled, refunded or given away. */
export const statusColor: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'cyan',
  3: 'gold',
  4: 'success',
  5: 'purple',
  90: 'magenta',
  97: 'warning',
  98: 'error',
};
