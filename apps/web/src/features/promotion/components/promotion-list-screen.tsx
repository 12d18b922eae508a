import { PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { promotionCategories, type Promotion } from '@sbo/contracts';
import { Button, Empty, Select, Space, Table, Tabs, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { LoadFailed } from '../../../components/ui/load-failed';
import { isPageLoading } from '../../../lib/page-params';
import { PhoneCards } from '../../../components/ui/phone-cards';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePromotionList } from '../api/promotion-list';
import {
  promotionListQuery,
  promotionPageSize,
  readPromotionListParams,
  tabsWithCounts,
  writePromotionListParams,
  type PromotionCategory,
  type PromotionListParams,
} from '../utils/list-params';
import { statusColor } from './promotion-labels';
import { PromotionTemplatesDrawer } from './promotion-templates-drawer';
import './promotions.css';

/** `/promotion`: status tabs with counts, a category filter, the promotions page by page. */
export function PromotionListScreen() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(phoneQuery);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { timeZone, permissions } = useMerchantMoney();
  const mayManage = permissions.has('promotion.manage');
  const listParams = readPromotionListParams(params);
  const list = usePromotionList(promotionListQuery(listParams));
  const [templatesOpen, setTemplatesOpen] = useState(false);

  const change = (next: Partial<PromotionListParams>) =>
    setParams((current) => writePromotionListParams(current, { ...listParams, page: 1, ...next }), { replace: true });

  const rows = list.data?.items ?? [];
  const when = (value: string | null) => (value ? formatDateTime(value, undefined, timeZone) : t('promotions.never'));
  const columns: TableProps<Promotion>['columns'] = [
    {
      key: 'name',
      title: t('promotions.field.name'),
      render: (_, p) => <Link to={`/promotion/${p.id}`}>{p.name}</Link>,
    },
    {
      key: 'category',
      title: t('promotions.field.category'),
      render: (_, p) => t(`promotions.category.${p.category}`),
    },
    {
      key: 'status',
      title: t('promotions.field.status'),
      render: (_, p) => <Tag color={statusColor[p.status]}>{t(`promotions.status.${p.status}`)}</Tag>,
    },
    { key: 'start', title: t('promotions.field.startAt'), render: (_, p) => when(p.startAt) },
    { key: 'end', title: t('promotions.field.endAt'), render: (_, p) => when(p.endAt) },
    {
      key: 'machines',
      title: t('promotions.field.machines'),
      align: 'right',
      render: (_, p) => formatNumber(p.deviceCount),
    },
  ];

  const actions = (
    <Space wrap>
      <Button icon={<SnippetsOutlined aria-hidden />} onClick={() => setTemplatesOpen(true)}>
        {t('promotions.templates.title')}
      </Button>
      {mayManage ? (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate('/promotion/create')}>
          {t('promotions.create')}
        </Button>
      ) : null}
    </Space>
  );

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        listParams.tab === 'all' && !listParams.category ? t('promotions.list.empty') : t('promotions.list.noMatch')
      }
    />
  );

  return (
    <>
      <PageHeader title={t('screen.promotionList')} description={t('promotions.list.description')} extra={actions} />
      <Tabs
        className="promotion-tabs"
        activeKey={listParams.tab}
        onChange={(tab) => change({ tab: tab as PromotionListParams['tab'] })}
        items={tabsWithCounts(list.data?.counts).map(({ tab, count }) => ({
          key: tab,
          label: (
            <span data-testid={`promotion-tab-${tab}`}>
              {t(`promotions.tab.${tab}`)} <span className="promotion-tab-count">{formatNumber(count)}</span>
            </span>
          ),
        }))}
      />
      <search className="sales-filters promotion-filters" aria-label={t('sales.filter.label')}>
        <Select<PromotionCategory>
          aria-label={t('promotions.field.category')}
          placeholder={t('promotions.list.allCategories')}
          allowClear
          value={listParams.category}
          popupMatchSelectWidth={false}
          options={promotionCategories.map((c) => ({ value: c, label: t(`promotions.category.${c}`) }))}
          onChange={(category?: PromotionCategory) => change({ category })}
        />
      </search>
      {list.isError && !list.data ? (
        <LoadFailed title={t('promotions.list.loadFailed')} onRetry={list.refetch} />
      ) : isPhone ? (
        <PhoneCards
          empty={list.isLoading ? null : empty}
          rows={rows}
          rowKey={(p) => p.id}
          className="promotion-cards"
          testId="promotion-cards"
          card={(p) => (
            <Link to={`/promotion/${p.id}`} className="promotion-card">
              <span className="promotion-card-top">
                <strong>{p.name}</strong>
                <Tag color={statusColor[p.status]}>{t(`promotions.status.${p.status}`)}</Tag>
              </span>
              <span className="promotion-muted">{t(`promotions.category.${p.category}`)}</span>
              <span className="promotion-muted">
                {when(p.startAt)} → {when(p.endAt)}
              </span>
              <span>{t('promotions.list.machines', { count: p.deviceCount })}</span>
            </Link>
          )}
          page={{ page: listParams.page, pageSize: promotionPageSize }}
          total={list.data?.total ?? 0}
          onPage={(page) => change({ page })}
          pagerClassName="promotion-pagination"
          hideOnSinglePage
        />
      ) : (
        <Table<Promotion>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={isPageLoading(list)}
          scroll={{ x: 860 }}
          data-testid="promotion-table"
          locale={{ emptyText: empty }}
          pagination={{
            current: listParams.page,
            pageSize: promotionPageSize,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            showTotal: (count) => t('promotions.list.count', { count }),
          }}
          onChange={(pagination) => change({ page: pagination.current ?? 1 })}
        />
      )}
      <PromotionTemplatesDrawer open={templatesOpen} onClose={() => setTemplatesOpen(false)} mayManage={mayManage} />
    </>
  );
}
