import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { RequireMerchant } from '../guards/session-guards';
import { lazyComponent, screenRoute } from './screen-route';

const cardScreen = (pick: (module: typeof import('../../features/cards/components/card-screens')) => ComponentType) =>
  lazyComponent(() => import('../../features/cards/components/card-screens'), pick);

const screens = {
  tradeRecord: cardScreen((module) => module.OkCardTradeRecordScreen),
  statistics: cardScreen((module) => module.OkCardStatisticsScreen),
  list: cardScreen((module) => module.OkCardListScreen),
  detail: cardScreen((module) => module.OkCardDetailScreen),
  depositSetting: cardScreen((module) => module.OkCardDepositSettingScreen),
  machineState: cardScreen((module) => module.OkMachineStateScreen),
};

const okCardLayout = lazyComponent(
  () => import('../layouts/ok-card-layout'),
  (module) => module.OkCardLayout,
);

const okCardHome = lazyComponent(
  () => import('../../features/cards/components/ok-card-home-screen'),
  (module) => module.OkCardHomeScreen,
);

/** The card-membership area: login and a picked merchant required (spec section 2). */
export const okCardRoutes: RouteObject[] = [
  {
    element: <RequireMerchant />,
    children: [
      {
        lazy: okCardLayout,
        children: [
          { path: '/ok-card', loader: () => redirect('/ok-card/home') },
          screenRoute('/ok-card/home', 'screen.okCardHome', { permission: 'vipCard.read', lazy: okCardHome }),
          screenRoute('/ok-card/trade-record', 'screen.okCardTradeRecord', {
            permission: 'vipCard.read',
            lazy: screens.tradeRecord,
          }),
          screenRoute('/ok-card/statistics', 'screen.okCardStatistics', {
            permission: 'vipCard.read',
            lazy: screens.statistics,
          }),
          screenRoute('/ok-card/list', 'screen.okCardList', { permission: 'vipCard.read', lazy: screens.list }),
          screenRoute('/ok-card/detail', 'screen.okCardDetail', { permission: 'vipCard.read', lazy: screens.detail }),
          screenRoute('/ok-card/deposit-setting', 'screen.okCardDepositSetting', {
            permission: 'vipCard.read',
            lazy: screens.depositSetting,
          }),
          // The machine state view reuses the trade-record screen (spec section 2).
          screenRoute('/ok-card/machine-state', 'screen.okCardMachineState', {
            permission: 'vipCard.read',
            lazy: screens.machineState,
          }),
        ],
      },
    ],
  },
];
