import { DeleteOutlined, EditOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { formatNumber } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { showMessage, toast } from '../../../lib/messages';
import { useMerchantProfile } from '../../../lib/use-session';
import { useDeletePlace } from '../api/delete-place';
import { usePlace } from '../api/place-detail';
import { BusinessHoursView } from './business-hours-view';
import { PlaceMissing } from './place-missing';
import { PlaceTypeTag } from './place-type-tag';
import { placeIdFrom } from './place-values';
import './places.css';

/** `/user/place/detail?id=`: every field, with edit and a confirmed delete. */
export function PlaceDetailScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const navigate = useNavigate();
  const id = placeIdFrom(useSearchParams()[0]);
  const place = usePlace(id);
  const remove = useDeletePlace();
  const permissions = useMerchantProfile()?.permissions ?? [];
  const canManage = permissions.includes('place.manage');
  const canPrintStickers = permissions.includes('device.read');

  if (id === null || place.isError) return <PlaceMissing title={t('screen.placeDetail')} error={place.error} />;
  const data = place.data;

  const confirmDelete = async () => {
    if (!data) return;
    const confirmed = await showMessage({
      type: 'info',
      title: t('places.delete.title'),
      content: t('places.delete.confirm', { title: data.title }),
      cancel: true,
    });
    if (!confirmed) return;
    remove.mutate(data.id, {
      onSuccess: () => {
        toast.success(t('places.delete.done'));
        void navigate('/user/place', { replace: true });
      },
    });
  };

  return (
    <>
      <PageHeader
        title={data?.title ?? t('screen.placeDetail')}
        extra={
          data && (canManage || canPrintStickers) ? (
            <Space wrap>
              {canPrintStickers ? (
                <Button
                  icon={<QrcodeOutlined />}
                  onClick={() => void navigate(`/user/place/qr-stickers?id=${data.id}`)}
                >
                  {t('places.action.qrStickers')}
                </Button>
              ) : null}
              {canManage ? (
                <>
                  <Button icon={<EditOutlined />} onClick={() => void navigate(`/user/place/edit?id=${data.id}`)}>
                    {t('action.edit')}
                  </Button>
                  <Button danger icon={<DeleteOutlined />} onClick={() => void confirmDelete()}>
                    {t('places.action.delete')}
                  </Button>
                </>
              ) : null}
            </Space>
          ) : null
        }
      />
      <Card loading={!data}>
        {data ? (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'type', label: t('places.field.type'), children: <PlaceTypeTag type={data.type} /> },
              { key: 'address', label: t('places.field.address'), children: data.address },
              { key: 'phone', label: t('places.field.servicePhone'), children: data.servicePhone || '—' },
              { key: 'description', label: t('places.field.description'), children: data.description || '—' },
              { key: 'devices', label: t('places.field.deviceCount'), children: formatNumber(data.deviceCount) },
              {
                key: 'hours',
                label: t('places.field.businessHours'),
                children: <BusinessHoursView hours={data.businessHours} />,
              },
              { key: 'updated', label: t('places.field.updatedAt'), children: clock.dateTime(data.updatedAt) },
            ]}
          />
        ) : null}
      </Card>
    </>
  );
}
