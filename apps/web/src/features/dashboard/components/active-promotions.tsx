import type { DashboardOverview } from '@sbo/contracts';
import { Card, Empty } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';

type ActivePromotionsProps = { promotions: NonNullable<DashboardOverview['activePromotions']>; timeZone: string };

/** The promotions running now: how many, and the five ending soonest, each opening its detail. */
export const ActivePromotions = memo(function ActivePromotions({ promotions, timeZone }: ActivePromotionsProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('dashboard.promotions.title', { count: promotions.count })}
      extra={<Link to="/promotion?status=active">{t('dashboard.promotions.all')}</Link>}
      data-testid="active-promotions"
    >
      {promotions.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.promotions.empty')} />
      ) : (
        <ul className="recent-list">
          {promotions.items.map((item) => (
            <li key={item.id}>
              <Link to={`/promotion/${item.id}`} className="recent-item">
                <span className="recent-item-main">
                  <strong>{item.name}</strong>
                  <span className="recent-item-muted">
                    {t(`promotions.category.${item.category}`)} ·{' '}
                    {t('dashboard.promotions.machines', { count: item.deviceCount })}
                  </span>
                </span>
                <span className="recent-item-side recent-item-muted">
                  {item.endAt
                    ? t('dashboard.promotions.until', { date: formatDateTime(item.endAt, undefined, timeZone) })
                    : t('promotions.never')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
});
