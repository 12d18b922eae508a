import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useScreenTitle } from '../../components/ui/use-screen-title';

/**
 * Every navigation starts at the top of the new page (spec section 2). The first screen starts there
 * already (main.tsx turns the browser's scroll restoration off), and scrolling would force a layout of the
 * whole page inside the first screen's commit, one long task more on a phone.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The browser tab names the screen, in the current language. */
function DocumentTitle() {
  const { t } = useTranslation();
  const screenTitle = useScreenTitle();
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} · ${t('app.title')}` : t('app.title');
  }, [t, screenTitle]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
