import type { DeviceInfo } from '@sbo/contracts';
import { discountedPriceList } from '@sbo/contracts/promotion-prices';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { currencyExponent, formatMoney } from '../../../lib/format';
import { usePricedTemplate, usePricesPromotion } from '../api/machine-prices';

/** A machine's coin: its template's pulse, else one whole unit of the currency (as the api prices it). */
const coinUnitOf = (pulse: number | null, currency: string) => pulse ?? 10 ** currencyExponent(currency);

/** The template and promotion a machine's echoed prices version names (`tpl-3-r2-p7`), or null. */
function readPricesVersion(version: string | null) {
  const match = /^tpl-(\d+)-r(\d+)(?:-p(\d+))?$/.exec(version ?? '');
  if (!match) return null;
  return { templateId: Number(match[1]), revision: Number(match[2]), promotionId: match[3] ? Number(match[3]) : null };
}

type Row = { key: string; course: string; price: number; normal: number };

/**
 * Device info: the prices the machine runs now, from the version it echoes. A version naming a
 * promotion (`-p7`) means the happy hour's prices, worked out by the rule the api sent them by.
 */
export function MachinePricesCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const { permissions, currency } = useMerchantMoney();
  const version = readPricesVersion(device.pricesVersion);
  const template = usePricedTemplate(permissions.has('product.read') && version ? version.templateId : null);
  const promotion = usePricesPromotion(permissions.has('promotion.read') ? (version?.promotionId ?? null) : null);
  if (!version || !template.data) return null;
  const tpl = template.data;
  const normal = {
    price: tpl.price ?? undefined,
    unitPrice: tpl.unitPrice ?? undefined,
    courses: tpl.courses.map((c) => ({ course: c.course, price: c.price })),
  };
  const rules = version.promotionId !== null ? promotion.data?.timeDiscount : null;
  const running = rules
    ? discountedPriceList(normal, rules, coinUnitOf(tpl.pulse, currency), { freeAtMachine: 'normal' })
    : normal;
  const rows: Row[] = [
    ...(normal.price !== undefined
      ? [{ key: 'price', course: t('promotions.preview.base'), price: running.price ?? 0, normal: normal.price }]
      : []),
    ...(normal.unitPrice !== undefined
      ? [{ key: 'unit', course: t('promotions.preview.base'), price: running.unitPrice ?? 0, normal: normal.unitPrice }]
      : []),
    ...normal.courses.map((c, i) => ({
      key: c.course,
      course: tpl.courses[i]?.name || c.course,
      price: running.courses?.[i]?.price ?? c.price,
      normal: c.price,
    })),
  ];
  const money = (value: number) => formatMoney(value, currency);

  return (
    <Card
      title={t('promotions.machinePrices.title')}
      className="device-card-section"
      data-testid="machine-prices"
      extra={
        version.promotionId !== null ? (
          <Tag color="green" data-testid="machine-prices-promotion">
            {promotion.data ? (
              <Link to={`/promotion/${version.promotionId}`}>{promotion.data.name}</Link>
            ) : (
              t('promotions.machinePrices.promotion')
            )}
          </Tag>
        ) : (
          <Tag>{t('promotions.machinePrices.normal')}</Tag>
        )
      }
    >
      <Table<Row>
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { key: 'course', title: t('promotions.preview.course'), render: (_, row) => row.course },
          {
            key: 'price',
            title: t('promotions.machinePrices.price'),
            align: 'right',
            render: (_, row) =>
              row.price < row.normal ? (
                <span>
                  <strong className="machine-price-lower">{money(row.price)}</strong>{' '}
                  <s className="machine-price-normal">{money(row.normal)}</s>
                </span>
              ) : (
                money(row.price)
              ),
          },
        ]}
      />
    </Card>
  );
}
