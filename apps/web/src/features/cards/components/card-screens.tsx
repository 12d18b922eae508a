import { CardDetailScreen } from './card-detail-screen';
import { CardListScreen } from './card-list-screen';
import { CardRecords } from './card-record-screen';
import { CardSettingsScreen } from './card-settings-screen';
import { CardStatisticsScreen } from './card-statistics-screen';

// The route table mounts screens without props: one per program and screen.

export const VipCardRecordScreen = () => <CardRecords program="vip" />;
export const VipCardStatisticsScreen = () => <CardStatisticsScreen program="vip" />;
export const VipCardListScreen = () => <CardListScreen program="vip" />;
export const VipCardDetailScreen = () => <CardDetailScreen program="vip" />;
export const VipCardSettingsScreen = () => <CardSettingsScreen program="vip" />;

export const OkCardTradeRecordScreen = () => <CardRecords program="ok" />;
export const OkCardStatisticsScreen = () => <CardStatisticsScreen program="ok" />;
export const OkCardListScreen = () => <CardListScreen program="ok" />;
export const OkCardDetailScreen = () => <CardDetailScreen program="ok" />;
export const OkCardDepositSettingScreen = () => <CardSettingsScreen program="ok" />;

export { OkMachineStateScreen } from './ok-machine-state-screen';
