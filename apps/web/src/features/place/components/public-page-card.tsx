import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyLinkField } from '../../../components/ui/copy-link-field';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { QrDownloads } from '../../../components/ui/qr-code/qr-downloads';
import { publicPageLink, usePlacePublicPage, useSetPlacePublicPage } from '../api/place-public-page';

/**
 * The place's public status page (`/p/<key>`): off by default; when on, its link and QR code to print for
 * the shop (alone, or on the place's sticker sheet). Customers see machines' states there, never money or staff.
 */
export function PublicPageCard({ placeId, placeTitle }: { placeId: number; placeTitle: string }) {
  const { t } = useTranslation();
  const page = usePlacePublicPage(placeId);
  const change = useSetPlacePublicPage(placeId);
  const navigate = useNavigate();
  const title = t('places.publicPage.title');
  if (!page.data)
    return <Card title={title}>{page.isError ? t('places.publicPage.loadFailed') : <Skeleton active />}</Card>;
  const link = publicPageLink(page.data.path);
  return (
    <Card title={title} className="place-public-page" data-testid="place-public-page">
      <label className="place-public-page-switch">
        <Switch
          checked={page.data.enabled}
          loading={change.isPending}
          onChange={(enabled) => change.mutate(enabled)}
          aria-label={t('places.publicPage.switch')}
        />
        <span>{t('places.publicPage.switch')}</span>
      </label>
      <Typography.Paragraph type="secondary" className="place-public-page-note">
        {page.data.enabled ? t('places.publicPage.onNote') : t('places.publicPage.offNote')}
      </Typography.Paragraph>
      {page.data.enabled ? (
        <div className="place-public-page-share">
          <QrCode
            text={link}
            caption={placeTitle}
            label={t('places.publicPage.qrLabel', { place: placeTitle })}
            size={168}
          />
          <div className="place-public-page-text">
            <CopyLinkField
              id="place-public-page-link"
              link={link}
              labelClassName="place-public-page-label"
              texts={{
                label: t('places.publicPage.link'),
                copy: t('places.publicPage.copy'),
                copied: t('places.publicPage.copied'),
                copyFailed: t('places.publicPage.copyFailed'),
              }}
              data-testid="place-public-page-link"
            />
            <QrDownloads text={link} caption={placeTitle} fileName={`${placeTitle}-status-qr`} />
            <Button
              icon={<PrinterOutlined aria-hidden />}
              onClick={() => void navigate(`/user/place/qr-stickers?id=${placeId}`)}
            >
              {t('places.publicPage.print')}
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
