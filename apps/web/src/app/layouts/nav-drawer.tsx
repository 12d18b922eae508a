import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type NavDrawerProps = { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode };

/** On a phone, an area's navigation slides in from the left, under the area's brand. */
export function NavDrawer({ open, onClose, title, children }: NavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={288}
      title={title}
      className="nav-drawer"
      closable={{ 'aria-label': t('action.closeMenu') }}
    >
      {children}
    </Drawer>
  );
}

/** The first stop of the keyboard: straight to the screen's content (`#main-content`), past the navigation. */
export function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main-content">
      {t('app.skipToContent')}
    </a>
  );
}
