import { CreditCardOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../../components/ui/language-select';

const okCardLinks = [
  { path: '/ok-card/home', labelKey: 'screen.okCardHome' },
  { path: '/ok-card/trade-record', labelKey: 'screen.okCardTradeRecord' },
  { path: '/ok-card/statistics', labelKey: 'screen.okCardStatistics' },
  { path: '/ok-card/list', labelKey: 'screen.okCardList' },
  { path: '/ok-card/deposit-setting', labelKey: 'screen.okCardDepositSetting' },
  { path: '/ok-card/machine-state', labelKey: 'screen.okCardMachineState' },
] as const;

/** The card-membership area: its own header and a row of its screens. */
export function OkCardLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="ok-card-layout">
      <header className="app-header ok-card-header">
        <span className="brand">
          <CreditCardOutlined aria-hidden />
          <span>{t('okCard.brand')}</span>
        </span>
        <LanguageSelect />
      </header>
      <nav aria-label={t('nav.label')}>
        <Menu
          mode="horizontal"
          selectedKeys={[pathname]}
          items={okCardLinks.map((link) => ({ key: link.path, label: t(link.labelKey) }))}
          onClick={({ key }) => void navigate(key)}
        />
      </nav>
      <main className="manager-content" id="main-content">
        <Outlet />
      </main>
    </div>
  );
}
