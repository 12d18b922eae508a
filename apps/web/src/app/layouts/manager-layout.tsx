import { ShopOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../../components/ui/language-select';
import { phoneQuery, useMediaQuery } from '../../components/ui/use-media-query';
import { PermissionGate } from '../guards/permission-gate';
import { AppHeader } from './app-header';
import { MerchantProfileSync } from './merchant-profile-sync';
import { NavDrawer, SkipToContent } from './nav-drawer';
import { SideMenu } from './side-menu';

function Brand() {
  const { t } = useTranslation();
  return (
    <div className="brand sider-brand">
      <ShopOutlined aria-hidden />
      <span>{t('app.brand')}</span>
    </div>
  );
}

/** The back-office chrome: side navigation on a desktop, a drawer on a phone. */
export function ManagerLayout() {
  const phone = useMediaQuery(phoneQuery);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Layout className="manager-layout">
      <MerchantProfileSync />
      <SkipToContent />
      {phone ? null : (
        // The column (and its background) runs the whole height of the page; the menu inside stays in view.
        <Layout.Sider width={248} className="manager-sider" theme="light">
          <div className="manager-sider-inner">
            <Brand />
            <SideMenu />
          </div>
        </Layout.Sider>
      )}
      <Layout className="manager-main">
        <AppHeader phone={phone} onOpenMenu={() => setDrawerOpen(true)} />
        <Layout.Content id="main-content" tabIndex={-1} className="manager-content">
          <PermissionGate>
            <Outlet />
          </PermissionGate>
        </Layout.Content>
      </Layout>
      {phone ? (
        <NavDrawer open={drawerOpen} onClose={closeDrawer} title={<Brand />}>
          <SideMenu onNavigate={closeDrawer} />
          <div className="drawer-language">
            <LanguageSelect />
          </div>
        </NavDrawer>
      ) : null}
    </Layout>
  );
}
