import type { RevenueStatistics, StatisticsRow } from '@sbo/contracts';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCompact, formatMoney, formatNumber } from '../../../lib/format';

type LabelledRow = StatisticsRow & { name: string };
type StatisticsTableProps = { rows: LabelledRow[]; data: RevenueStatistics; groupTitle: string; loading: boolean };

/** The figures behind the chart, with the totals of the whole range as the last line. */
export function StatisticsTable({ rows, data, groupTitle, loading }: StatisticsTableProps) {
  const { t } = useTranslation();
  const money = (value: number) => (
    <span title={formatMoney(value, data.currency)}>{formatMoney(value, data.currency)}</span>
  );
  const columns: TableProps<LabelledRow>['columns'] = [
    { key: 'name', title: groupTitle, dataIndex: 'name' },
    {
      key: 'count',
      title: t('sales.column.count'),
      dataIndex: 'count',
      align: 'right',
      render: (value: number) => <span title={formatNumber(value)}>{formatCompact(value)}</span>,
    },
    { key: 'total', title: t('sales.column.total'), dataIndex: 'total', align: 'right', render: money },
    { key: 'refund', title: t('sales.column.refund'), dataIndex: 'refund', align: 'right', render: money },
    { key: 'revenue', title: t('sales.column.revenue'), dataIndex: 'revenue', align: 'right', render: money },
  ];
  return (
    <Table<LabelledRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      scroll={{ x: 560 }}
      data-testid="statistics-table"
      summary={() => (
        <Table.Summary.Row className="statistics-totals">
          <Table.Summary.Cell index={0}>
            <strong>{t('statistics.totals')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {formatNumber(data.totals.count)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {formatMoney(data.totals.total, data.currency)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {formatMoney(data.totals.refund, data.currency)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong>{formatMoney(data.totals.revenue, data.currency)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
