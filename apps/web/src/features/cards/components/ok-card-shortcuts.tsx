import {
  BarChartOutlined,
  DesktopOutlined,
  IdcardOutlined,
  SettingOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Shortcut = { path: string; key: string; titleKey: string; icon: ReactNode };

const shortcuts: Shortcut[] = [
  {
    path: '/ok-card/trade-record',
    key: 'tradeRecord',
    titleKey: 'screen.okCardTradeRecord',
    icon: <TransactionOutlined />,
  },
  { path: '/ok-card/statistics', key: 'statistics', titleKey: 'screen.okCardStatistics', icon: <BarChartOutlined /> },
  { path: '/ok-card/list', key: 'list', titleKey: 'screen.okCardList', icon: <IdcardOutlined /> },
  {
    path: '/ok-card/deposit-setting',
    key: 'depositSetting',
    titleKey: 'screen.okCardDepositSetting',
    icon: <SettingOutlined />,
  },
  {
    path: '/ok-card/machine-state',
    key: 'machineState',
    titleKey: 'screen.okCardMachineState',
    icon: <DesktopOutlined />,
  },
];

/** The other OK card screens, each with what it is for. */
export function OkCardShortcuts() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ok-card-shortcuts" className="ok-card-home-shortcuts">
      <h2 id="ok-card-shortcuts" className="ok-card-home-section-title">
        {t('okCardHome.shortcuts.title')}
      </h2>
      <ul className="ok-card-shortcut-list">
        {shortcuts.map((shortcut) => (
          <li key={shortcut.path}>
            <Link to={shortcut.path} className="ok-card-shortcut">
              <span aria-hidden className="ok-card-shortcut-icon">
                {shortcut.icon}
              </span>
              <span className="ok-card-shortcut-text">
                <strong>{t(shortcut.titleKey)}</strong>
                <span>{t(`okCardHome.shortcuts.${shortcut.key}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
