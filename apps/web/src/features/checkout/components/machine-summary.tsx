import {
  CheckCircleFilled,
  ClockCircleFilled,
  DisconnectOutlined,
  ReloadOutlined,
  WarningFilled,
} from '@ant-design/icons';
import type { CheckoutMachine } from '@sbo/contracts/schemas/checkout';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentReadiness, worthRefreshing } from '../utils/machine-readiness';

const stateIcons = {
  free: CheckCircleFilled,
  inUse: ClockCircleFilled,
  offline: DisconnectOutlined,
  fault: WarningFilled,
} as const;

type MachineSummaryProps = { machine: CheckoutMachine; refreshing: boolean; onRefresh: () => void };

/** The machine's name, place and whether it can start now; when it cannot, why, with a refresh. */
export function MachineSummary({ machine, refreshing, onRefresh }: MachineSummaryProps) {
  const { t } = useTranslation();
  const readiness = paymentReadiness(machine);
  const StateIcon = stateIcons[machine.state];
  return (
    <section className="checkout-card checkout-machine" aria-labelledby="checkout-machine-name">
      <p className="checkout-merchant">{machine.merchant.name}</p>
      <h1 id="checkout-machine-name" className="checkout-machine-name">
        {machine.device.name}
      </h1>
      {machine.place ? (
        <p className="checkout-place">
          <span className="checkout-place-title">{machine.place.title}</span>
          {machine.place.address ? <span className="checkout-place-address">{machine.place.address}</span> : null}
        </p>
      ) : null}
      <p className={`checkout-state checkout-state-${machine.state}`} role="status">
        <StateIcon aria-hidden /> {t(`checkout.state.${machine.state}`)}
      </p>
      {readiness.canPay ? (
        readiness.topUp ? (
          <div className="checkout-why">
            <Alert type="info" showIcon title={t('checkout.topUpHint')} />
          </div>
        ) : null
      ) : (
        <div className="checkout-why">
          <Alert
            type={machine.state === 'fault' ? 'error' : 'warning'}
            showIcon
            title={t(`checkout.cannotPay.${readiness.reason}`)}
          />
          {worthRefreshing(readiness.reason) ? (
            <Button size="large" block icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
              {t('checkout.refresh')}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
