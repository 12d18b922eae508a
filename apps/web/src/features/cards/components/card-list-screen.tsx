import { PlusOutlined } from '@ant-design/icons';
import { cardSorts, cardStatuses, type Card, type CardProgram, type CardSort } from '@sbo/contracts/schemas/cards';
import { Button, Empty, Input, Select, Table, Tag, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChoiceSwitch } from '../../../components/ui/choice-switch';
import { NoPermission } from '../../../components/ui/no-permission';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PhoneCards } from '../../../components/ui/phone-cards';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { isPageLoading, tablePager } from '../../../lib/page-params';
import { useCardList } from '../api/card-list';
import { cardPaths } from '../utils/card-paths';
import { readCardListParams, writeCardListParams, type CardListParams } from '../utils/list-params';
import { statusColor } from './card-labels';
import { CardTags } from './card-tags';
import { IssueCardDialog } from './issue-card-dialog';
import './cards.css';

/** The cards of a program: search by number, holder or phone; filter by status; the member sort. */
export function CardListScreen({ program }: { program: CardProgram }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { timeZone, permissions } = useMerchantMoney();
  const mayRead = permissions.has('vipCard.read');
  const mayIssue = permissions.has('vipCard.manage');
  const listParams = readCardListParams(params);
  const list = useCardList(program, listParams, mayRead);
  const [keyword, setKeyword] = useState(listParams.keyword ?? '');
  const [issuing, setIssuing] = useState(false);
  const paths = cardPaths(program, pathname);
  const title = t(program === 'ok' ? 'screen.okCardList' : 'screen.vipCardList');

  const change = (next: Partial<CardListParams>) =>
    setParams((current) => writeCardListParams(current, { ...listParams, page: 1, ...next }), { replace: true });

  const issueButton = mayIssue ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIssuing(true)}>
      {t('cards.issue.action')}
    </Button>
  ) : null;

  if (!mayRead) return <NoPermission title={title} reason={t('cards.noPermission')} />;

  const rows = list.data?.items ?? [];
  const orderWords = listParams.sort === 'openDate' || listParams.sort === 'lastSpend' ? 'date' : 'amount';
  const sortOrder = (key: CardSort): SortOrder =>
    listParams.sort === key ? (listParams.order === 'asc' ? 'ascend' : 'descend') : null;
  const sortable = (key: CardSort) => ({
    sorter: true,
    sortOrder: sortOrder(key),
    sortDirections: ['descend' as const, 'ascend' as const, 'descend' as const],
  });
  const columns: TableProps<Card>['columns'] = [
    {
      key: 'number',
      title: t('cards.field.number'),
      render: (_, card) => (
        <Link to={paths.detail(card.id)} className="card-number-link">
          {card.number}
        </Link>
      ),
    },
    {
      key: 'holder',
      title: t('cards.field.holder'),
      render: (_, card) => (
        <span className="card-holder">
          <span>{card.holderName || '-'}</span>
          {card.holderPhone ? <span className="card-muted">{card.holderPhone}</span> : null}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('cards.field.status'),
      render: (_, card) => <CardTags card={card} />,
    },
    {
      key: 'balance',
      title: t('cards.field.balance'),
      align: 'right',
      ...sortable('balance'),
      render: (_, card) => formatMoney(card.balance, card.currency),
    },
    {
      key: 'reward',
      title: t('cards.field.reward'),
      align: 'right',
      ...sortable('reward'),
      render: (_, card) => formatMoney(card.reward, card.currency),
    },
    {
      key: 'points',
      title: t('cards.field.points'),
      align: 'right',
      ...sortable('points'),
      render: (_, card) => formatNumber(card.point),
    },
    {
      key: 'lastSpend',
      title: t('cards.field.lastTradeAt'),
      ...sortable('lastSpend'),
      render: (_, card) =>
        card.lastTradeAt ? formatDateTime(card.lastTradeAt, undefined, timeZone) : t('cards.list.noSpend'),
    },
    {
      key: 'openDate',
      title: t('cards.field.createdAt'),
      ...sortable('openDate'),
      render: (_, card) => formatDate(card.createdAt, undefined, timeZone),
    },
  ];

  return (
    <>
      <PageHeader title={title} extra={issueButton} />
      <search className="sales-filters card-list-filters" aria-label={t('sales.filter.label')}>
        <Input.Search
          aria-label={t('cards.list.search')}
          placeholder={t('cards.list.search')}
          allowClear
          value={keyword}
          maxLength={40}
          className="card-search"
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => change({ keyword: value.trim() || undefined })}
        />
        <Select
          aria-label={t('cards.field.status')}
          placeholder={t('cards.list.allStatuses')}
          allowClear
          value={listParams.status}
          options={cardStatuses.map((status) => ({ value: status, label: t(`cards.status.${status}`) }))}
          onChange={(status?: CardListParams['status']) => change({ status })}
        />
        <ChoiceSwitch<CardSort>
          label={t('cards.list.sort')}
          value={listParams.sort}
          options={cardSorts.map((sort) => ({ value: sort, label: t(`cards.sort.${sort}`) }))}
          onChange={(sort) => change({ sort })}
          compact={isPhone}
        />
        <Select<'asc' | 'desc'>
          aria-label={t('cards.list.order')}
          value={listParams.order}
          popupMatchSelectWidth={false}
          options={[
            { value: 'desc', label: t(`cards.order.desc.${orderWords}`) },
            { value: 'asc', label: t(`cards.order.asc.${orderWords}`) },
          ]}
          onChange={(order) => change({ order })}
        />
      </search>
      {list.isError && !list.data ? (
        <LoadFailed title={t('cards.list.loadFailed')} onRetry={list.refetch} />
      ) : isPhone ? (
        <PhoneCards
          empty={list.isLoading ? null : <Empty description={t('cards.list.empty')} />}
          rows={rows}
          rowKey={(card) => card.id}
          className="card-list-cards"
          testId="card-list-cards"
          card={(card) => (
            <Link to={paths.detail(card.id)} className="card-list-card">
              <span className="card-entry-top">
                <strong>{card.number}</strong>
                <Tag color={statusColor[card.status]}>{t(`cards.status.${card.status}`)}</Tag>
              </span>
              <span>{[card.holderName, card.holderPhone].filter(Boolean).join(' · ') || '-'}</span>
              <span className="card-list-figures">
                <span>
                  {t('cards.field.balance')} <strong>{formatMoney(card.balance, card.currency)}</strong>
                </span>
                <span>
                  {t('cards.field.points')} <strong>{formatNumber(card.point)}</strong>
                </span>
              </span>
            </Link>
          )}
          page={listParams}
          total={list.data?.total ?? 0}
          onPage={(page) => change({ page })}
          pagerClassName="card-pagination"
        />
      ) : (
        <Table<Card>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={isPageLoading(list)}
          scroll={{ x: 960 }}
          data-testid="card-list-table"
          locale={{ emptyText: t('cards.list.empty') }}
          pagination={tablePager(listParams, list.data?.total ?? 0, (count) => t('cards.list.count', { count }))}
          onChange={(pagination, _filters, sorter, extra) => {
            const sorted = Array.isArray(sorter) ? sorter[0] : sorter;
            if (extra.action === 'sort') {
              const key = (cardSorts as readonly string[]).includes(String(sorted?.columnKey))
                ? (sorted?.columnKey as CardSort)
                : 'openDate';
              change({ sort: sorted?.order ? key : 'openDate', order: sorted?.order === 'ascend' ? 'asc' : 'desc' });
              return;
            }
            change({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? listParams.pageSize });
          }}
        />
      )}
      {mayIssue ? (
        <IssueCardDialog
          program={program}
          open={issuing}
          onClose={() => setIssuing(false)}
          onIssued={(cardId) => {
            setIssuing(false);
            void navigate(paths.detail(cardId));
          }}
        />
      ) : null}
    </>
  );
}
