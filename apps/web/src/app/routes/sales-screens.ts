import { lazyComponent } from './screen-route';

/** The dashboard, transaction records and revenue statistics, each downloaded when first opened. */
export const salesScreens = {
  dashboard: lazyComponent(
    () => import('../../features/dashboard/components/dashboard-screen'),
    (module) => module.DashboardScreen,
  ),
  records: lazyComponent(
    () => import('../../features/transactions/components/transaction-record-screen'),
    (module) => module.TransactionRecordScreen,
  ),
  statistics: lazyComponent(
    () => import('../../features/statistics/components/revenue-statistics-screen'),
    (module) => module.RevenueStatisticsScreen,
  ),
};
