import { Button, Card, Descriptions, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoading } from '../../../components/ui/page-loading';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { StatusPanel } from '../../../components/ui/status-panel';
import { LinkButton } from '../../../components/ui/link-button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-errors';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/messages';
import { usePromotion } from '../api/promotion-detail';
import { usePromotionStop } from '../api/promotion-stop';
import { usePromotionTemplateCreate } from '../api/promotion-template-create';
import { confirmStop } from '../utils/stop-promotion';
import { PromotionBindingPanel } from './promotion-binding-panel';
import { PromotionEffectPanel } from './promotion-effect-panel';
import { PromotionFormScreen } from './promotion-form-screen';
import { mayChange, rulesLines, statusColor } from './promotion-labels';
import './promotions.css';

/** A positive whole number from the address, else null. */
export function promotionIdFrom(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

type Tab = 'overview' | 'bind' | 'effect';

/**
 * `/promotion/{id}`: the promotion, its rules in words and the actions its status and the role allow;
 * `?bind` opens the machines it is bound to, `?effect` its effect, `?edit` the step form.
 */
export function PromotionDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: idText } = useParams();
  const [params, setParams] = useSearchParams();
  const { timeZone, permissions } = useMerchantMoney();
  const id = promotionIdFrom(idText);
  const detail = usePromotion(id);
  const stop = usePromotionStop(id ?? 0);
  const keepTemplate = usePromotionTemplateCreate();
  const mayManage = permissions.has('promotion.manage');

  if (id === null || (detail.isError && detail.error instanceof ApiError && detail.error.code === 1109002))
    return (
      <StatusPanel
        status="warning"
        title={t('error.1109002')}
        actions={<Button onClick={() => void navigate('/promotion')}>{t('promotions.backToList')}</Button>}
      />
    );
  if (detail.isError)
    return <LoadFailed title={t('promotions.detail.loadFailed')} level={1} onRetry={detail.refetch} />;
  const promotion = detail.data;
  if (!promotion) return <PageLoading />;
  const changeable = mayManage && mayChange(promotion);
  if (params.has('edit') && changeable) return <PromotionFormScreen editing={promotion} key={promotion.updatedAt} />;

  const tab: Tab = params.has('bind') ? 'bind' : params.has('effect') ? 'effect' : 'overview';
  const openTab = (next: string) => setParams(next === 'overview' ? {} : { [next]: '' }, { replace: true });
  const when = (value: string | null) => (value ? formatDateTime(value, undefined, timeZone) : t('promotions.never'));

  const stopNow = async () => {
    const stopped = await confirmStop(promotion, t, () => stop.mutateAsync());
    if (stopped) toast.success(t('promotions.detail.stopped'));
  };
  const saveAsTemplate = async () => {
    await keepTemplate.mutateAsync({ promotionId: promotion.id });
    toast.success(t('promotions.templates.saved'));
  };

  // Its machines, listed to pick from: its prices are sent to many machines from the device list.
  const machinesLink =
    promotion.deviceCount > 0 && permissions.has('device.read') ? (
      <LinkButton to={`/device?promotionId=${promotion.id}`}>{t('promotions.detail.machines')}</LinkButton>
    ) : null;
  const actions = mayManage ? (
    <Space wrap>
      {machinesLink}
      <Button onClick={() => void saveAsTemplate().catch(() => undefined)}>
        {t('promotions.detail.saveTemplate')}
      </Button>
      {changeable ? (
        <>
          <Button onClick={() => setParams({ edit: '' })}>{t('action.edit')}</Button>
          <Button danger onClick={() => void stopNow().catch(() => undefined)}>
            {t('promotions.detail.stop')}
          </Button>
        </>
      ) : null}
    </Space>
  ) : (
    machinesLink
  );

  return (
    <>
      <PageHeader
        title={promotion.name}
        description={
          <Space wrap>
            <Tag color={statusColor[promotion.status]} data-testid="promotion-status">
              {t(`promotions.status.${promotion.status}`)}
            </Tag>
            <span>{t(`promotions.category.${promotion.category}`)}</span>
          </Space>
        }
        extra={actions}
      />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          {
            key: 'overview',
            label: t('promotions.detail.overview'),
            children: (
              <Card>
                <Descriptions
                  column={{ xs: 1, sm: 1, md: 2 }}
                  items={[
                    { key: 'start', label: t('promotions.field.startAt'), children: when(promotion.startAt) },
                    { key: 'end', label: t('promotions.field.endAt'), children: when(promotion.endAt) },
                    ...(promotion.disabledAt
                      ? [
                          {
                            key: 'stopped',
                            label: t('promotions.field.disabledAt'),
                            children: when(promotion.disabledAt),
                          },
                        ]
                      : []),
                    {
                      key: 'machines',
                      label: t('promotions.field.machines'),
                      children: formatNumber(promotion.deviceCount),
                    },
                    {
                      key: 'rules',
                      label: t('promotions.field.rules'),
                      span: 'filled',
                      children: (
                        <span className="promotion-template-lines">
                          {rulesLines(t, promotion, promotion.currency).map((line) => (
                            <span key={line}>{line}</span>
                          ))}
                        </span>
                      ),
                    },
                  ]}
                />
                {!mayChange(promotion) ? <p className="promotion-muted">{t('promotions.detail.locked')}</p> : null}
              </Card>
            ),
          },
          {
            key: 'bind',
            label: t('promotions.detail.binding'),
            children: <PromotionBindingPanel promotion={promotion} mayChange={changeable} />,
          },
          {
            key: 'effect',
            label: t('promotions.detail.effect'),
            children: <PromotionEffectPanel promotion={promotion} active={tab === 'effect'} />,
          },
        ]}
      />
    </>
  );
}
