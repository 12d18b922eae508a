import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderProgress, StepState } from '../utils/order-progress';

const stepIcons: Record<StepState, typeof CheckCircleFilled> = {
  done: CheckCircleFilled,
  current: LoadingOutlined,
  waiting: MinusCircleOutlined,
  failed: CloseCircleFilled,
};

/** Payment received (a promotion's free cycle: granted) → machine credited → cycle started, each marked done, under way, not yet, or failed. */
export function OrderSteps({ steps, free = false }: { steps: OrderProgress['steps']; free?: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className="checkout-steps">
      {steps.map(({ step, state }) => {
        const Icon = stepIcons[state];
        return (
          <li
            key={step}
            className={`checkout-step checkout-step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <Icon className="checkout-step-icon" aria-hidden />
            {state === 'failed' ? (
              <span>{t(`checkout.stepFailed.${step}`)}</span>
            ) : (
              <span>
                {t(free && step === 'paid' ? 'checkout.step.freeGranted' : `checkout.step.${step}`)}
                <span className="checkout-sr-only"> — {t(`checkout.stepState.${state}`)}</span>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
