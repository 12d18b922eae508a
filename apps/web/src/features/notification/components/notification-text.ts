import type { NotificationItem } from '@sbo/contracts';
import type { TFunction } from 'i18next';
import { gatewayLabel } from '../../../components/ui/sales-filters/sales-labels';
import { errorText } from '../../../lib/api-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { MerchantClock } from '../../../lib/merchant-clock';

type Formatting = { t: TFunction; clock: MerchantClock; currency: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * What happened, in the current language, filled from the notification's values: fault and failure
 * texts from the error catalogue by code, amounts in the currency, times on the merchant's clock.
 */
export function notificationText(item: NotificationItem, { t, clock, currency }: Formatting): string {
  const p = item.params;
  const money = (value: unknown, inCurrency = currency) => {
    const amount = number(value);
    return amount === null ? '—' : formatMoney(amount, text(inCurrency) ?? currency);
  };
  const time = (value: unknown) => (text(value) ? clock.dateTime(text(value)!) : '—');
  const code = item.code ?? number(p.code);
  switch (item.kind) {
    case 'deviceError':
    case 'okMachineError':
    case 'settlementFailed':
      return code === null
        ? t(`notification.kind.${item.kind}`)
        : t('notification.text.fault', {
            code,
            text: errorText(code, t('notification.text.unknownFault')).replace(/[.。]$/, ''),
          });
    case 'deviceOffline':
      return t('notification.text.deviceOffline', { since: time(p.offlineSince) });
    case 'deviceOnline':
      return t('notification.text.deviceOnline', { since: time(p.since) });
    case 'paymentRefunded':
      return t('notification.text.paymentRefunded', {
        amount: money(p.amount, text(p.currency) ?? currency),
        gateway: text(p.gateway) ? gatewayLabel(text(p.gateway)!) : '—',
        course: text(p.course) ?? '—',
      });
    case 'unverifiedPayment':
      return t('notification.text.unverifiedPayment', {
        amount: money(p.amount),
        gateway: text(p.gateway) ? gatewayLabel(text(p.gateway)!) : '—',
      });
    case 'idleMachine':
      return t('notification.text.idleMachine', {
        hours: formatNumber(number(p.idleHours) ?? 0),
        expected: formatNumber(number(p.expectedSales) ?? 0),
        lastSale: time(p.lastSaleAt),
      });
    case 'cashBoxFull':
      return t('notification.text.cashBoxFull', {
        percent: formatNumber(number(p.percent) ?? 0),
        coins: formatNumber(number(p.coins) ?? 0),
        amount: money(p.amount),
      });
    case 'coinDispenserLow':
      return t('notification.text.coinDispenserLow', {
        percent: formatNumber(number(p.percent) ?? 0),
        remaining: money(p.remaining),
      });
    case 'billAcceptorFull':
      return t('notification.text.billAcceptorFull', {
        percent: formatNumber(number(p.percent) ?? 0),
        notes: formatNumber(number(p.notes) ?? 0),
      });
    default:
      return t(`notification.kind.${item.kind as string}`);
  }
}
