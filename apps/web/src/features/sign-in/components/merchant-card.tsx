import type { MerchantListItem } from '@sbo/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRegion } from '../../../lib/format';

type MerchantCardProps = { merchant: MerchantListItem; busy: boolean; onPick: (merchant: MerchantListItem) => void };

/** One merchant to pick: a real button, so keyboard and screen readers get it for free. */
export function MerchantCard({ merchant, busy, onPick }: MerchantCardProps) {
  const { t } = useTranslation();
  const disabled = merchant.suspended || busy;
  return (
    <button
      type="button"
      className="merchant-card"
      disabled={disabled}
      aria-describedby={merchant.suspended ? `merchant-${merchant.id}-suspended` : undefined}
      onClick={() => onPick(merchant)}
      data-testid="merchant-card"
    >
      <span className="merchant-card-name">{merchant.companyName}</span>
      <span className="merchant-card-country">{formatRegion(merchant.country)}</span>
      <span className="merchant-card-tags">
        <Tag color="blue">{t(`role.${merchant.rbacRole}`)}</Tag>
        {merchant.suspended ? (
          <Tag color="red" id={`merchant-${merchant.id}-suspended`}>
            {t('merchantPick.suspended')}
          </Tag>
        ) : null}
      </span>
    </button>
  );
}
