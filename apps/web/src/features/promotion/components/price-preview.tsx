import type { TimeDiscountRules } from '@sbo/contracts/promotion-prices';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchantMoney } from '../../../components/ui/sales-filters/use-sales-filters';
import { formatMoney } from '../../../lib/format';
import { allDevicesQuery } from '../../../lib/picker-queries';
import { usePreviewTemplate, usePreviewTemplates } from '../api/preview-template';
import { previewRows, type PreviewRow } from '../utils/price-preview';

type Props = { rules: TimeDiscountRules | null; currency: string };

/**
 * The live preview: pick a machine (or a product template) and see each course's normal price and
 * its price while a window is open, computed by the api's own rule (`promotion-prices.ts`).
 */
export function PricePreview({ rules, currency }: Props) {
  const { t } = useTranslation();
  const { permissions } = useMerchantMoney();
  const devices = useQuery({ ...allDevicesQuery(), enabled: permissions.has('device.read') });
  const products = usePreviewTemplates(permissions.has('product.read'));
  const machines = (devices.data?.items ?? []).filter((d) => d.product);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const firstMachine = machines[0];
  const picked = choice ?? (firstMachine ? `device:${firstMachine.id}` : undefined);
  const productId = (() => {
    if (!picked) return products.data?.items[0]?.id ?? null;
    const [kind, id] = picked.split(':');
    if (kind === 'product') return Number(id);
    return machines.find((d) => d.id === Number(id))?.product?.id ?? null;
  })();
  const template = usePreviewTemplate(productId);
  const rows = template.data && rules ? previewRows(template.data, rules, currency) : [];

  const options = [
    {
      label: t('promotions.preview.machines'),
      options: machines.map((d) => ({ value: `device:${d.id}`, label: `${d.name} · ${d.product?.name ?? ''}` })),
    },
    {
      label: t('promotions.preview.templates'),
      options: (products.data?.items ?? []).map((p) => ({ value: `product:${p.id}`, label: p.name })),
    },
  ].filter((group) => group.options.length > 0);

  return (
    <Card size="small" title={t('promotions.preview.title')} className="promotion-preview" data-testid="price-preview">
      <Typography.Paragraph type="secondary">{t('promotions.preview.description')}</Typography.Paragraph>
      <Select
        aria-label={t('promotions.preview.pick')}
        placeholder={t('promotions.preview.pick')}
        className="promotion-preview-pick"
        value={picked ?? (productId ? `product:${productId}` : undefined)}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={setChoice}
      />
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('promotions.preview.empty')} />
      ) : (
        <Table<PreviewRow>
          size="small"
          rowKey={(row) => row.course ?? `base-${row.normal}`}
          pagination={false}
          dataSource={rows}
          columns={[
            {
              key: 'course',
              title: t('promotions.preview.course'),
              render: (_, row) =>
                row.course === null ? (
                  t('promotions.preview.base')
                ) : (
                  <span className="promotion-template-lines">
                    <span>{row.name || row.course}</span>
                    {row.name ? <span className="promotion-muted">{row.course}</span> : null}
                  </span>
                ),
            },
            {
              key: 'normal',
              title: t('promotions.preview.normal'),
              align: 'right',
              render: (_, row) => formatMoney(row.normal, currency),
            },
            {
              key: 'promoted',
              title: t('promotions.preview.promoted'),
              align: 'right',
              render: (_, row) =>
                row.free ? (
                  <Tag color="green">{t('promotions.preview.free')}</Tag>
                ) : (
                  <strong className={row.promoted < row.normal ? 'promotion-lower' : undefined}>
                    {formatMoney(row.promoted, currency)}
                  </strong>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
