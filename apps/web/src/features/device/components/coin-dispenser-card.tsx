import type { DeviceInfo } from '@sbo/contracts';
import { Button, Card, Descriptions, InputNumber, Modal, Progress } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/messages';
import { refillCoinDispenser, setCoinDispenserTotal, useCashMutation } from '../api/coin-dispenser';
import { amountStep, toMajorUnits, toMinorUnits } from '../utils/money';
import { useCurrency, useDevicePermissions } from '../utils/permissions';

type Editing = 'refill' | 'total' | null;

/** The hopper: what it holds and its capacity; refill (remote control) and capacity (device settings). */
export function CoinDispenserCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const permissions = useDevicePermissions();
  const fieldId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const refill = useCashMutation<number>(device.id, refillCoinDispenser);
  const total = useCashMutation<number>(device.id, setCoinDispenserTotal);
  const dispenser = device.coinDispenser;
  if (!device.features.coinDispenser) return null;

  const open = (kind: Exclude<Editing, null>) => {
    // A refill usually fills the hopper up: both start from its capacity.
    setAmount(dispenser ? toMajorUnits(dispenser.totalAmount, currency) : null);
    setEditing(kind);
  };
  const mutation = editing === 'total' ? total : refill;
  const save = () => {
    if (amount === null || !editing) return;
    const minor = toMinorUnits(amount, currency);
    const done = editing === 'refill' ? t('devices.coin.refilled') : t('devices.coin.totalSaved');
    mutation.mutate(minor, { onSuccess: () => toast.success(done), onSettled: () => setEditing(null) });
  };
  const percent =
    dispenser && dispenser.totalAmount > 0 ? (dispenser.remainingAmount / dispenser.totalAmount) * 100 : 0;

  return (
    <Card title={t('devices.coin.title')} className="device-card-section" data-testid="coin-dispenser">
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          {
            key: 'remaining',
            label: t('devices.coin.remaining'),
            children: (
              <span data-testid="coin-remaining">
                {dispenser ? formatMoney(dispenser.remainingAmount, currency) : '–'}
              </span>
            ),
          },
          {
            key: 'total',
            label: t('devices.coin.total'),
            children: (
              <span data-testid="coin-total">{dispenser ? formatMoney(dispenser.totalAmount, currency) : '–'}</span>
            ),
          },
        ]}
      />
      {dispenser ? <Progress percent={Math.round(percent)} aria-label={t('devices.coin.remaining')} /> : null}
      <div className="device-card-actions">
        {permissions.remote ? (
          <Button type="primary" onClick={() => open('refill')}>
            {t('devices.coin.refill')}
          </Button>
        ) : null}
        {permissions.update ? <Button onClick={() => open('total')}>{t('devices.coin.setTotal')}</Button> : null}
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'total' ? t('devices.coin.setTotalTitle') : t('devices.coin.refillTitle')}
        okText={mutation.isPending ? t('devices.remote.waiting') : t('action.confirm')}
        okButtonProps={{ loading: mutation.isPending, disabled: amount === null }}
        cancelButtonProps={{ disabled: mutation.isPending }}
        closable={!mutation.isPending}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <p>
          {editing === 'total'
            ? t('devices.coin.setTotalHelp', { device: device.name })
            : t('devices.coin.refillHelp', { device: device.name })}
        </p>
        <div className="remote-param">
          <label htmlFor={fieldId}>
            {editing === 'total' ? t('devices.coin.total') : t('devices.coin.remaining')} ({currencySymbol(currency)})
          </label>
          <InputNumber
            id={fieldId}
            min={0}
            max={editing === 'refill' && dispenser ? toMajorUnits(dispenser.totalAmount, currency) : undefined}
            step={dispenser ? toMajorUnits(dispenser.coinValue, currency) : amountStep(currency)}
            value={amount}
            onChange={setAmount}
            className="remote-param-input"
          />
        </div>
      </Modal>
    </Card>
  );
}
