import { Badge, Button, Empty, Skeleton, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { machineTypeLabel } from '../../../components/ui/sales-filters/sales-labels';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useOkCardMachines, type OkCardMachines } from '../api/ok-machine-state';
import { CardRecords } from './card-record-screen';
import './cards.css';

type Machine = OkCardMachines['items'][number];

/** `/ok-card/machine-state`: the machines that take the OK card, their state and today's card trades. */
export function OkMachineStateScreen() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const { timeZone, permissions } = useMerchantMoney();
  const mayRead = permissions.has('vipCard.read');
  const machines = useOkCardMachines(timeZone);
  const [params, setParams] = useSearchParams();
  const chosenId = Number(params.get('machine')) || null;
  const items = machines.data?.items ?? [];
  const chosen = items.find((machine) => machine.id === chosenId) ?? null;
  const currency = machines.data?.currency ?? 'TWD';

  const choose = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams();
        if (id !== null) next.set('machine', String(id));
        // The trades of another machine start again from their defaults.
        if (id !== null && current.get('machine') === String(id)) return current;
        return next;
      },
      { replace: true },
    );

  const state = (machine: Machine) => (
    <span className="card-tags">
      <Badge
        status={machine.online ? 'success' : 'default'}
        text={t(machine.online ? 'devices.status.online' : 'devices.status.offline')}
      />
      {machine.status === 'offline' ? null : (
        <Tag>{t(`devices.status.${machine.status}`, { defaultValue: machine.status })}</Tag>
      )}
    </span>
  );

  if (!mayRead) return <NoPermission title={t('screen.okCardMachineState')} reason={t('cards.noPermission')} />;

  const columns: TableProps<Machine>['columns'] = [
    {
      key: 'name',
      title: t('cards.machines.name'),
      render: (_, machine) => (
        <span className="card-holder">
          <strong>{machine.name}</strong>
          <span className="card-muted">{machineTypeLabel(t, machine.machineType)}</span>
        </span>
      ),
    },
    { key: 'place', title: t('cards.field.place'), render: (_, machine) => machine.place?.name ?? '-' },
    { key: 'state', title: t('cards.machines.state'), render: (_, machine) => state(machine) },
    {
      key: 'tradesToday',
      title: t('cards.machines.tradesToday'),
      align: 'right',
      render: (_, machine) => formatNumber(machine.tradesToday),
    },
    {
      key: 'spendToday',
      title: t('cards.machines.spendToday'),
      align: 'right',
      render: (_, machine) => formatMoney(machine.spendToday, currency),
    },
    {
      key: 'lastTradeAt',
      title: t('cards.machines.lastTradeAt'),
      render: (_, machine) => (machine.lastTradeAt ? formatDateTime(machine.lastTradeAt, undefined, timeZone) : '-'),
    },
    {
      key: 'trades',
      title: '',
      render: (_, machine) => (
        <Button type="link" onClick={() => choose(machine.id)} aria-pressed={machine.id === chosenId}>
          {t('cards.machines.showTrades')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('screen.okCardMachineState')} description={t('cards.machines.description')} />
      {machines.isError && !machines.data ? (
        <LoadFailed title={t('cards.machines.loadFailed')} onRetry={machines.refetch} />
      ) : null}
      {machines.isPending ? <Skeleton active paragraph={{ rows: 5 }} /> : null}
      {machines.data && items.length === 0 ? <Empty description={t('cards.machines.empty')} /> : null}
      {items.length && isPhone ? (
        <ul className="card-list-cards" data-testid="ok-machine-cards">
          {items.map((machine) => (
            <li key={machine.id}>
              <button
                type="button"
                className={machine.id === chosenId ? 'card-list-card card-list-card-chosen' : 'card-list-card'}
                onClick={() => choose(machine.id)}
              >
                <span className="card-entry-top">
                  <strong>{machine.name}</strong>
                  {state(machine)}
                </span>
                <span className="card-muted">{machine.place?.name ?? '-'}</span>
                <span className="card-list-figures">
                  <span>
                    {t('cards.machines.tradesToday')} <strong>{formatNumber(machine.tradesToday)}</strong>
                  </span>
                  <span>
                    {t('cards.machines.spendToday')} <strong>{formatMoney(machine.spendToday, currency)}</strong>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {items.length && !isPhone ? (
        <Table<Machine>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={items}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="ok-machine-table"
          rowClassName={(machine) => (machine.id === chosenId ? 'card-row-chosen' : '')}
        />
      ) : null}
      {chosen ? (
        <div className="card-machine-trades">
          <CardRecords program="ok" deviceId={chosen.id} title={t('cards.machines.tradesOf', { name: chosen.name })} />
          <Button onClick={() => choose(null)}>{t('cards.machines.close')}</Button>
        </div>
      ) : null}
    </>
  );
}
