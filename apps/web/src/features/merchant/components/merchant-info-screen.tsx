import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatCurrencyName, formatRegion } from '../../../lib/format';
import { useMerchantProfile } from '../../../lib/use-session';
import { useMerchantInfo } from '../api/merchant-info';
import { useMerchantPaths } from './merchant-paths';
import './merchant.css';

/** `/user/merchant`: the merchant's details, an edit button for owners, and the merchant switch (not in `/app`). */
export function MerchantInfoScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const profile = useMerchantProfile();
  const info = useMerchantInfo();
  const paths = useMerchantPaths();
  const canEdit = profile?.permissions.includes('merchant.update') ?? false;

  const actions = (
    <>
      {paths.embedded ? null : (
        <Button icon={<SwapOutlined aria-hidden />} onClick={() => void navigate('/merchant-login')}>
          {t('action.switchMerchant')}
        </Button>
      )}
      {canEdit ? (
        <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => void navigate(paths.edit)}>
          {t('action.edit')}
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader title={t('screen.merchantInfo')} extra={actions} />
      <Card>
        {info.isPending ? <PageLoading /> : null}
        {info.isError ? (
          <LoadFailed title={t('merchantInfo.loadFailed')} description={info.error.message} onRetry={info.refetch} />
        ) : null}
        {info.isSuccess ? (
          <Descriptions
            className="merchant-info-table"
            column={paths.embedded ? 1 : { xs: 1, md: 2 }}
            bordered
            size="middle"
          >
            <Descriptions.Item label={t('merchantInfo.companyName')}>{info.data.companyName}</Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.taxIDNumber')}>
              <span className="merchant-info-whole">{info.data.taxIDNumber || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.adminAddress')}>
              {info.data.adminAddress || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.adminUsername')}>
              {info.data.adminUsername || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.adminEmail')}>{info.data.adminEmail || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.adminPhone')}>
              <span className="merchant-info-whole">{info.data.adminPhone || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.country')}>{formatRegion(info.data.country)}</Descriptions.Item>
            <Descriptions.Item label={t('merchantInfo.currency')}>
              {formatCurrencyName(info.data.currency)}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
    </>
  );
}
