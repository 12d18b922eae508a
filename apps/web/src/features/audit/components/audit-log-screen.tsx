import { auditEntities, type AuditEntity } from '@sbo/contracts';
import { Card, Empty, Pagination, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useAuditList } from '../api/audit-list';
import { AuditEntryCard } from './audit-entry-card';
import './audit.css';

const pageSize = 20;

const isAuditEntity = (value: string | null): value is AuditEntity =>
  value !== null && (auditEntities as readonly string[]).includes(value);

/** `/user/audit`: who changed what in this merchant, newest first (root and owners: `audit.read`). */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const requested = search.get('entity');
  const entity = isAuditEntity(requested) ? requested : null;
  const audit = useAuditList(page, pageSize, entity);

  // The filter and the page live in the address, so a reload or a shared link shows the same entries.
  const show = (next: { page?: number; entity?: AuditEntity | null }) => {
    const params: Record<string, string> = {};
    const nextEntity = next.entity === undefined ? entity : next.entity;
    if (nextEntity) params.entity = nextEntity;
    const nextPage = next.page ?? 1;
    if (nextPage > 1) params.page = String(nextPage);
    setSearch(params);
  };
  const goTo = (next: number) => {
    show({ page: next });
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader title={t('screen.auditLog')} description={t('audit.description')} />
      <Card className="audit-card">
        <label className="audit-filter">
          <span>{t('audit.filter.entity')}</span>
          <Select
            aria-label={t('audit.filter.entity')}
            data-testid="audit-entity-filter"
            value={entity ?? 'all'}
            onChange={(value: string) => show({ entity: isAuditEntity(value) ? value : null })}
            options={[
              { value: 'all', label: t('audit.filter.all') },
              ...auditEntities.map((value) => ({ value, label: t(`audit.entity.${value}`) })),
            ]}
            className="audit-filter-select"
          />
        </label>
        {audit.isPending ? <PageLoading /> : null}
        {audit.isError ? (
          <LoadFailed title={t('audit.loadFailed')} description={audit.error.message} onRetry={audit.refetch} />
        ) : null}
        {audit.isSuccess && audit.data.total === 0 ? <Empty description={t('audit.empty')} /> : null}
        {audit.isSuccess && audit.data.total > 0 ? (
          <>
            <div className="audit-list" aria-busy={audit.isPlaceholderData}>
              {audit.data.items.map((entry) => (
                <AuditEntryCard key={entry.id} entry={entry} />
              ))}
            </div>
            <Pagination
              className="audit-pagination"
              current={page}
              pageSize={pageSize}
              total={audit.data.total}
              showSizeChanger={false}
              showLessItems
              responsive
              showTotal={(total) => t('audit.total', { count: total })}
              onChange={goTo}
            />
          </>
        ) : null}
      </Card>
    </>
  );
}
