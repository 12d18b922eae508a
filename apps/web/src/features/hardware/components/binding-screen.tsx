import { Button, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError } from '../../../lib/api-errors';
import { useMerchantProfile } from '../../../lib/use-session';
import { useHardware } from '../api/hardware-info';
import { BindingFrame } from './binding-frame';
import { ClaimCodeForm } from './claim-code-form';
import { DeviceStep } from './device-step';
import { MerchantStep } from './merchant-step';

/**
 * `/device/binding/:hwid?claim=`: the binding link of a controller's QR code. Sign-in required, no
 * merchant. The hardware is read with the login token; hardware registered for another merchant
 * needs the link's claim code (or the one typed in); an already bound one is blocked. The bindable
 * list and the binding need a merchant token, so the user first confirms or picks the merchant.
 */
export function BindingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hwid = useParams().hwid ?? '';
  const [search] = useSearchParams();
  const [claim, setClaim] = useState(() => search.get('claim')?.trim() ?? '');
  const hardware = useHardware(hwid, claim);
  const profile = useMerchantProfile();
  const [boundId, setBoundId] = useState<number | null>(null);

  const heading = (
    <div>
      <Typography.Title level={1} className="page-header-title">
        {t('screen.deviceBinding')}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('binding.hwid')}: <span className="binding-hwid">{hwid}</span>
        {hardware.data ? ` · ${t('binding.model', { model: hardware.data.model })}` : null}
      </Typography.Text>
    </div>
  );

  const backToOffice = <Button onClick={() => void navigate('/')}>{t('binding.backToOffice')}</Button>;

  const content = () => {
    if (boundId !== null)
      return (
        <StatusPanel
          level={2}
          status="success"
          title={t('binding.done')}
          description={t('binding.doneText', { hwid })}
          actions={
            <Button type="primary" onClick={() => void navigate(`/device/info?id=${boundId}`)}>
              {t('binding.openDevice')}
            </Button>
          }
        />
      );
    if (hardware.isPending) return <Skeleton active />;
    if (hardware.isError)
      return (
        <>
          <StatusPanel
            level={2}
            status="error"
            title={t('binding.unavailable')}
            description={hardware.error instanceof ApiError ? hardware.error.message : t('api.genericError')}
            actions={backToOffice}
          />
          <ClaimCodeForm key={claim} initial={claim} onSubmit={setClaim} />
        </>
      );
    const bound = hardware.data.deviceCloud;
    if (bound)
      return (
        <StatusPanel
          level={2}
          status="error"
          title={t('binding.alreadyBound')}
          description={t('binding.alreadyBoundText', { name: bound.name || bound.serialNum })}
          actions={backToOffice}
        />
      );
    return (
      <>
        <MerchantStep />
        {profile ? (
          <DeviceStep
            key={profile.merchantId}
            hwid={hwid}
            claim={claim}
            model={hardware.data.model}
            merchantId={profile.merchantId}
            onBound={setBoundId}
          />
        ) : null}
      </>
    );
  };

  return (
    <BindingFrame>
      {heading}
      {content()}
    </BindingFrame>
  );
}
