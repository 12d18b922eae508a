import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ApiError } from '../../../lib/api-errors';
import { useMerchantProfile } from '../../../lib/use-session';
import { usePlace } from '../api/place-detail';
import { publicPageLink, usePlacePublicPage } from '../api/place-public-page';
import { usePlaceQrStickers } from '../api/place-qr-stickers';
import { PlaceMissing } from './place-missing';
import { placeIdFrom } from './place-values';
import { QrStickerSheet } from './qr-sticker-sheet';
import './qr-stickers.css';

/** `/user/place/qr-stickers?id=`: a printable A4 sheet of every machine's checkout QR code at one place. */
export function PlaceQrStickersScreen() {
  const { t } = useTranslation();
  const id = placeIdFrom(useSearchParams()[0]);
  const place = usePlace(id);
  const canReadDevices = useMerchantProfile()?.permissions.includes('device.read') ?? false;
  const machines = usePlaceQrStickers(canReadDevices ? id : null);
  const publicPage = usePlacePublicPage(id).data;
  const statusPageLink = publicPage?.enabled ? publicPageLink(publicPage.path) : null;
  const title = t('screen.placeQrStickers');

  if (id === null || place.isError) return <PlaceMissing title={title} error={place.error} />;
  if (!canReadDevices)
    return (
      <>
        <PageHeader title={title} />
        <StatusPanel level={2} status="warning" title={t('places.stickers.noDevicePermission')} />
      </>
    );

  return (
    <div className="qr-sheet">
      <div className="print-hidden">
        <Link to={`/user/place/detail?id=${id}`} className="qr-sheet-back">
          <ArrowLeftOutlined aria-hidden /> {t('places.stickers.backToPlace')}
        </Link>
        <PageHeader
          title={place.data ? t('places.stickers.title', { place: place.data.title }) : title}
          description={t('places.stickers.hint')}
          extra={
            <Button
              type="primary"
              icon={<PrinterOutlined aria-hidden />}
              disabled={
                !place.data || (!statusPageLink && !machines.data?.items.some((machine) => machine.canTakePayment))
              }
              onClick={() => window.print()}
            >
              {t('places.stickers.print')}
            </Button>
          }
        />
      </div>
      {machines.isError ? (
        <LoadFailed
          title={t('places.stickers.loadFailed')}
          description={machines.error instanceof ApiError ? machines.error.message : undefined}
          onRetry={machines.refetch}
        />
      ) : place.data && machines.data ? (
        machines.data.items.length === 0 ? (
          <StatusPanel level={2} status="warning" title={t('places.stickers.noMachines')} />
        ) : (
          <QrStickerSheet
            placeTitle={place.data.title}
            machines={machines.data.items}
            statusPageLink={statusPageLink}
          />
        )
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
