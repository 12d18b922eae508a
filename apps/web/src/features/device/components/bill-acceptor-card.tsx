import type { DeviceInfo } from '@sbo/contracts';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { showMessage, toast } from '../../../lib/messages';
import { resetBanknotes, useCashMutation } from '../api/coin-dispenser';
import { useCurrency, useDevicePermissions } from '../utils/permissions';

type Row = DeviceInfo['billAcceptor'][number];

/** The bill acceptor table (usage, amount, ratio, denomination, count) and the confirmed banknote reset. */
export function BillAcceptorCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const { remote } = useDevicePermissions();
  const reset = useCashMutation<void>(device.id, (id) => resetBanknotes(id));
  if (device.billAcceptor.length === 0 && !device.features.banknoteReset) return null;

  const confirmReset = async () => {
    const confirmed = await showMessage({
      type: 'info',
      title: t('devices.bill.resetTitle'),
      content: t('devices.bill.resetConfirm', { device: device.name }),
      cancel: true,
    });
    if (confirmed) reset.mutate(undefined, { onSuccess: () => toast.success(t('devices.bill.resetDone')) });
  };

  return (
    <Card
      title={t('devices.bill.title')}
      className="device-card-section"
      extra={
        device.features.banknoteReset && remote ? (
          <Button loading={reset.isPending} onClick={() => void confirmReset()}>
            {reset.isPending ? t('devices.remote.waiting') : t('devices.bill.reset')}
          </Button>
        ) : null
      }
    >
      <Table<Row>
        rowKey="denomination"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={device.billAcceptor}
        locale={{ emptyText: t('devices.bill.empty') }}
        columns={[
          {
            title: t('devices.bill.denomination'),
            key: 'denomination',
            render: (_, row) => formatMoney(row.denomination, currency),
          },
          { title: t('devices.bill.count'), key: 'count', align: 'end', render: (_, row) => formatNumber(row.count) },
          {
            title: t('devices.bill.amount'),
            key: 'amount',
            align: 'end',
            render: (_, row) => formatMoney(row.amount, currency),
          },
          {
            title: t('devices.bill.ratio'),
            key: 'ratio',
            align: 'end',
            // One decimal of a percent, in the locale's digits and decimal mark.
            render: (_, row) => `${formatNumber(Math.round(row.ratio * 1000) / 10)}%`,
          },
          { title: t('devices.bill.usage'), key: 'usage', align: 'end', render: (_, row) => formatNumber(row.usage) },
        ]}
      />
    </Card>
  );
}
