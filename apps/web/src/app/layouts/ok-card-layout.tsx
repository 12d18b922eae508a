import { ArrowLeftOutlined, CreditCardOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Menu, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PermissionGate } from '../guards/permission-gate';
import { LanguageSelect } from '../../components/ui/language-select';
import { phoneQuery, useMediaQuery } from '../../components/ui/use-media-query';
import { useMerchantProfile } from '../../lib/use-session';
import { MerchantProfileSync } from './merchant-profile-sync';
import { NavDrawer, SkipToContent } from './nav-drawer';

const okCardLinks = [
  { path: '/ok-card/home', labelKey: 'screen.okCardHome' },
  { path: '/ok-card/trade-record', labelKey: 'screen.okCardTradeRecord' },
  { path: '/ok-card/statistics', labelKey: 'screen.okCardStatistics' },
  { path: '/ok-card/list', labelKey: 'screen.okCardList' },
  { path: '/ok-card/deposit-setting', labelKey: 'screen.okCardDepositSetting' },
  { path: '/ok-card/machine-state', labelKey: 'screen.okCardMachineState' },
] as const;

/** The menu entry a screen belongs to: a card's detail sits under the card list. */
const menuKeyOf = (pathname: string) => (pathname.startsWith('/ok-card/detail') ? '/ok-card/list' : pathname);

/** The card-membership area: its own header (brand, merchant, language, back to the back office) and menu. */
export function OkCardLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const phone = useMediaQuery(phoneQuery);
  const profile = useMerchantProfile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = okCardLinks.map((link) => ({ key: link.path, label: t(link.labelKey) }));
  const go = (path: string) => {
    setDrawerOpen(false);
    void navigate(path);
  };
  const menu = (mode: 'inline' | 'horizontal', className?: string) => (
    <nav aria-label={t('nav.label')} className={className}>
      <Menu mode={mode} selectedKeys={[menuKeyOf(pathname)]} items={items} onClick={({ key }) => go(key)} />
    </nav>
  );
  const backToOffice = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => go('/dashboard')} className="ok-card-back">
      {t('okCard.backToOffice')}
    </Button>
  );

  return (
    <div className="ok-card-layout">
      <MerchantProfileSync />
      <SkipToContent />
      <header className={`app-header ok-card-header${phone ? ' app-header-phone' : ''}`}>
        {phone ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('action.openMenu')}
            onClick={() => setDrawerOpen(true)}
          />
        ) : null}
        <div className="ok-card-identity">
          <span className="brand ok-card-brand">
            <CreditCardOutlined aria-hidden />
            <span>{t('okCard.brand')}</span>
          </span>
          <Typography.Text type="secondary" ellipsis className="ok-card-merchant" data-testid="header-merchant">
            {profile?.businessInfo.companyName}
          </Typography.Text>
        </div>
        {phone ? null : (
          <div className="ok-card-actions">
            <LanguageSelect className="header-language" />
            {backToOffice}
          </div>
        )}
      </header>
      {phone ? (
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('okCard.brand')}>
          {menu('inline')}
          <div className="drawer-language ok-card-drawer-actions">
            <LanguageSelect />
            {backToOffice}
          </div>
        </NavDrawer>
      ) : (
        menu('horizontal', 'ok-card-nav')
      )}
      <main className="manager-content ok-card-content" id="main-content" tabIndex={-1}>
        <PermissionGate>
          <Outlet />
        </PermissionGate>
      </main>
    </div>
  );
}
