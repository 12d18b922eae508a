import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMerchantProfile } from '../../lib/use-session';
import { activeLinkPath, visibleNavigation } from './navigation-items';

type MenuItem = Required<MenuProps>['items'][number];

/** The navigation menu, shared by the desktop side bar and the phone drawer. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useMerchantProfile();
  const entries = useMemo(() => visibleNavigation(profile?.permissions ?? [], profile?.member.rbacRole), [profile]);
  const activePath = activeLinkPath(pathname, entries);
  const activeGroup = entries.find(
    (entry) => entry.links.length > 1 && entry.links.some((link) => link.path === activePath),
  );
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup.key] : []);

  const items: MenuItem[] = entries.map((entry) => {
    const [only] = entry.links;
    if (entry.links.length === 1 && only) return { key: only.path, icon: entry.icon, label: t(only.labelKey) };
    return {
      key: entry.key,
      icon: entry.icon,
      label: t(entry.labelKey),
      children: entry.links.map((link) => ({ key: link.path, label: t(link.labelKey) })),
    };
  });

  return (
    <nav aria-label={t('nav.label')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={activePath ? [activePath] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
        className="side-menu"
      />
    </nav>
  );
}
