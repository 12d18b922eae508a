import {
  AuditOutlined,
  BarChartOutlined,
  CarOutlined,
  FileSearchOutlined,
  GiftOutlined,
  ProfileOutlined,
  TeamOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import type { Permission } from '@sbo/contracts';
import { Card } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Shortcut = { path: string; labelKey: string; icon: ReactNode; permission: Permission };
type ShortcutGroup = { key: string; titleKey: string; links: Shortcut[] };

/** The spec's dashboard groups (section 2). */
const groups: ShortcutGroup[] = [
  {
    key: 'account',
    titleKey: 'nav.accountManagement',
    links: [
      {
        path: '/dashboard/transaction-record',
        labelKey: 'nav.transactions',
        icon: <TransactionOutlined />,
        permission: 'transaction.read',
      },
      {
        path: '/dashboard/revenue-statistics',
        labelKey: 'nav.statistics',
        icon: <BarChartOutlined />,
        permission: 'revenue.read',
      },
      { path: '/device-log', labelKey: 'nav.deviceLog', icon: <FileSearchOutlined />, permission: 'device.read' },
      { path: '/cashbox', labelKey: 'nav.cashbox', icon: <CarOutlined />, permission: 'cashbox.read' },
    ],
  },
  {
    key: 'members',
    titleKey: 'dashboard.groups.memberManagement',
    links: [{ path: '/user/member', labelKey: 'nav.staff', icon: <TeamOutlined />, permission: 'member.read' }],
  },
  {
    key: 'products',
    titleKey: 'nav.products',
    links: [{ path: '/product', labelKey: 'nav.products', icon: <ProfileOutlined />, permission: 'product.read' }],
  },
  {
    key: 'promotion',
    titleKey: 'nav.promotions',
    links: [{ path: '/promotion', labelKey: 'nav.promotions', icon: <GiftOutlined />, permission: 'promotion.read' }],
  },
];

/** Shortcut cards to what the member may open, grouped as the spec's dashboard groups. */
export const ShortcutCards = memo(function ShortcutCards({ permissions }: { permissions: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const visible = groups
    .map((group) => ({ ...group, links: group.links.filter((link) => permissions.has(link.permission)) }))
    .filter((group) => group.links.length > 0);
  if (visible.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-shortcuts" className="dashboard-shortcuts">
      <h2 id="dashboard-shortcuts" className="dashboard-section-title">
        <AuditOutlined aria-hidden /> {t('dashboard.groups.title')}
      </h2>
      <div className="shortcut-groups">
        {visible.map((group) => (
          <Card key={group.key} size="small" title={t(group.titleKey)} className="shortcut-group">
            <ul className="shortcut-links">
              {group.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className="shortcut-link">
                    <span aria-hidden className="shortcut-icon">
                      {link.icon}
                    </span>
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
});
