import { Button, Card, Empty, Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useAuditList } from '../api/audit-list';
import { AuditEntryCard } from './audit-entry-card';
import './audit.css';

const pageSize = 20;

/** `/user/audit`: who changed what in this merchant, newest first (root and owners: `audit.read`). */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const audit = useAuditList(page, pageSize);

  const goTo = (next: number) => {
    setSearch(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader title={t('screen.auditLog')} description={t('audit.description')} />
      <Card className="audit-card">
        {audit.isPending ? <PageLoading /> : null}
        {audit.isError ? (
          <StatusPanel
            level={2}
            status="error"
            title={t('audit.loadFailed')}
            description={audit.error.message}
            actions={<Button onClick={() => void audit.refetch()}>{t('action.retry')}</Button>}
          />
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
              showTotal={(total) => t('audit.total', { count: total })}
              onChange={goTo}
            />
          </>
        ) : null}
      </Card>
    </>
  );
}
