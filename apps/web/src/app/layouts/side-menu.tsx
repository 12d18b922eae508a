import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { WhatsNewDot } from '../../features/release-log/components/whats-new-link';
import { useMerchantProfile } from '../../lib/use-session';
import { activeLinkPath, visibleNavigation } from './navigation-items';

type MenuItem = Required<MenuProps>['items'][number];

const releaseLogPath = '/user/app';

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

  // The release notes' link (and its group) carry a dot while there are notes this user has not seen.
  const labelled = (text: string, marked: boolean) =>
    marked ? (
      <span>
        {text}
        <WhatsNewDot />
      </span>
    ) : (
      text
    );
  const items: MenuItem[] = entries.map((entry) => {
    const [only] = entry.links;
    if (entry.links.length === 1 && only)
      return { key: only.path, icon: entry.icon, label: labelled(t(only.labelKey), only.path === releaseLogPath) };
    return {
      key: entry.key,
      icon: entry.icon,
      label: labelled(
        t(entry.labelKey),
        entry.links.some((link) => link.path === releaseLogPath),
      ),
      children: entry.links.map((link) => ({
        key: link.path,
        label: labelled(t(link.labelKey), link.path === releaseLogPath),
      })),
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
