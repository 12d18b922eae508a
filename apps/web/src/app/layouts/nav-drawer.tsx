import { Drawer } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type NavDrawerProps = { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode };

/**
 * On a phone, an area's navigation slides in from the left, under the area's brand. Made the first time it
 * opens (then kept, so it can slide out): a closed drawer's mount set state in a layout effect, which drew
 * the screen a second time in the first screen's task on every phone.
 */
export function NavDrawer({ open, onClose, title, children }: NavDrawerProps) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
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
