import {
  AppstoreOutlined,
  AuditOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DesktopOutlined,
  GiftOutlined,
  SettingOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Permission, Role } from '@sbo/contracts';
import type { ReactNode } from 'react';

type NavLink = { path: string; labelKey: string; permission?: Permission; roles?: readonly Role[] };
type NavEntry = { key: string; labelKey: string; icon: ReactNode; links: readonly NavLink[] };

/**
 * The side navigation, grouped as the spec's dashboard groups (account
 * management, devices, member cards, product templates, promotions) followed by
 * the merchant's own area. A link shows only when the member holds its permission.
 */
const navigation: readonly NavEntry[] = [
  {
    key: 'dashboard',
    labelKey: 'nav.dashboard',
    icon: <DashboardOutlined />,
    links: [{ path: '/dashboard', labelKey: 'nav.dashboard', permission: 'dashboard.read' }],
  },
  {
    key: 'accountManagement',
    labelKey: 'nav.accountManagement',
    icon: <AuditOutlined />,
    links: [
      { path: '/dashboard/transaction-record', labelKey: 'nav.transactions', permission: 'transaction.read' },
      { path: '/dashboard/revenue-statistics', labelKey: 'nav.statistics', permission: 'revenue.read' },
      { path: '/device-log', labelKey: 'nav.deviceLog', permission: 'device.read' },
      { path: '/cashbox', labelKey: 'nav.cashbox', permission: 'cashbox.read' },
    ],
  },
  {
    key: 'devices',
    labelKey: 'nav.devices',
    icon: <DesktopOutlined />,
    links: [{ path: '/device', labelKey: 'nav.devices', permission: 'device.read' }],
  },
  {
    key: 'vipCards',
    labelKey: 'nav.vipCards',
    icon: <CreditCardOutlined />,
    links: [
      { path: '/vip-card/list', labelKey: 'nav.vipCardList', permission: 'vipCard.read' },
      { path: '/vip-card/transaction-record', labelKey: 'nav.vipCardRecords', permission: 'vipCard.read' },
      { path: '/vip-card/statistics', labelKey: 'nav.vipCardStatistics', permission: 'vipCard.read' },
      { path: '/vip-card/settings', labelKey: 'nav.vipCardSettings', permission: 'vipCard.read' },
    ],
  },
  {
    key: 'products',
    labelKey: 'nav.products',
    icon: <AppstoreOutlined />,
    links: [{ path: '/product', labelKey: 'nav.products', permission: 'product.read' }],
  },
  {
    key: 'promotions',
    labelKey: 'nav.promotions',
    icon: <GiftOutlined />,
    links: [{ path: '/promotion', labelKey: 'nav.promotions', permission: 'promotion.read' }],
  },
  {
    key: 'wallet',
    labelKey: 'nav.wallet',
    icon: <WalletOutlined />,
    links: [
      { path: '/user/wallet/withdraw', labelKey: 'nav.withdraw', permission: 'wallet.read' },
      { path: '/user/wallet/withdraw-record', labelKey: 'nav.withdrawRecords', permission: 'wallet.read' },
      { path: '/user/wallet/bankbook', labelKey: 'nav.bankAccounts', permission: 'wallet.read' },
    ],
  },
  {
    key: 'business',
    labelKey: 'nav.business',
    icon: <ShopOutlined />,
    links: [
      { path: '/user/place', labelKey: 'nav.places', permission: 'place.read' },
      { path: '/user/member', labelKey: 'nav.staff', permission: 'member.read' },
      { path: '/user/merchant', labelKey: 'nav.merchant', permission: 'merchant.read' },
      { path: '/user/payment', labelKey: 'nav.payment', permission: 'payment.read' },
    ],
  },
  {
    key: 'settings',
    labelKey: 'nav.settings',
    icon: <SettingOutlined />,
    links: [
      { path: '/user/notification', labelKey: 'nav.notifications', permission: 'notification.read' },
      { path: '/user', labelKey: 'nav.preferences' },
      { path: '/user/profile', labelKey: 'nav.profile' },
      { path: '/user/location', labelKey: 'nav.language' },
      { path: '/user/audit', labelKey: 'nav.auditLog', permission: 'audit.read' },
      { path: '/user/app', labelKey: 'nav.releaseLog' },
      { path: '/admin', labelKey: 'admin.nav', roles: ['root'] },
    ],
  },
];

/** The entries this member may see; an entry with no visible link disappears. */
export function visibleNavigation(permissions: readonly string[], role?: Role): NavEntry[] {
  const held = new Set(permissions);
  const allowed = (link: NavLink) =>
    (!link.permission || held.has(link.permission)) &&
    (!link.roles || (role !== undefined && link.roles.includes(role)));
  return navigation
    .map((entry) => ({ ...entry, links: entry.links.filter(allowed) }))
    .filter((entry) => entry.links.length > 0);
}

/**
 * The link that owns an address: the longest path of the whole navigation that is the address or a parent
 * of it, and only if this member sees that link. A screen whose own link the member does not see (a wallet
 * address opened by a store manager) highlights nothing, rather than a shorter parent such as `/user`.
 */
export function activeLinkPath(pathname: string, entries: readonly NavEntry[]): string | undefined {
  const owner = navigation
    .flatMap((entry) => entry.links.map((link) => link.path))
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  const visible = entries.some((entry) => entry.links.some((link) => link.path === owner));
  return visible ? owner : undefined;
}
