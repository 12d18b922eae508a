import { Button, Card, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantProfile } from '../../../lib/use-session';
import { useActAsMerchant, useBindingMerchants } from '../api/merchants';

/**
 * Step one: the merchant the device is bound for. The user's picked merchant is used when there
 * is one; otherwise (or on "change") they choose from their merchants and sign in to it.
 */
export function MerchantStep() {
  const { t } = useTranslation();
  const profile = useMerchantProfile();
  const merchants = useBindingMerchants();
  const actAs = useActAsMerchant();
  const [changing, setChanging] = useState(false);
  const usable = (merchants.data ?? []).filter((merchant) => !merchant.suspended);
  const [choice, setChoice] = useState<number | null>(null);
  const selected = choice ?? (usable.length === 1 ? (usable[0]?.id ?? null) : null);

  if (profile && !changing)
    return (
      <Card title={t('binding.step.merchant')} size="small">
        <div className="binding-merchant">
          <Typography.Text strong data-testid="binding-merchant">
            {profile.businessInfo.companyName}
          </Typography.Text>
          <Button onClick={() => setChanging(true)}>{t('binding.changeMerchant')}</Button>
        </div>
      </Card>
    );

  return (
    <Card title={t('binding.step.merchant')} size="small">
      <div className="binding-merchant">
        <Select
          aria-label={t('binding.merchant')}
          placeholder={t('binding.chooseMerchant')}
          loading={merchants.isPending}
          value={selected ?? undefined}
          onChange={(value: number) => setChoice(value)}
          options={usable.map((merchant) => ({ value: merchant.id, label: merchant.companyName }))}
        />
        <Button
          type="primary"
          disabled={selected === null}
          onClick={() => selected !== null && actAs.mutate(selected, { onSuccess: () => setChanging(false) })}
        >
          {t('binding.useMerchant')}
        </Button>
      </div>
      {merchants.isSuccess && usable.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('binding.noMerchant')}</Typography.Paragraph>
      ) : null}
    </Card>
  );
}
