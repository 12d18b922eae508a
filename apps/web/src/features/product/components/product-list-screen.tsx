import { PlusOutlined } from '@ant-design/icons';
import { productTemplateTypes, type ProductTemplate } from '@sbo/contracts';
import { Button, Card, Empty, Pagination, Segmented, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMerchantProfile } from '../../../lib/use-session';
import { productPageSize, useProductList } from '../api/product-list';
import './products.css';

type TypeFilter = ProductTemplate['type'] | 'all';
const isType = (value: string | null): value is ProductTemplate['type'] =>
  (productTemplateTypes as readonly string[]).includes(value ?? '');

/** `/product`: the merchant's product templates, by type, with what they charge and how many devices use them. */
export function ProductListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(phoneQuery);
  const profile = useMerchantProfile();
  const currency = profile?.businessInfo.currency ?? 'TWD';
  const canManage = profile?.permissions.includes('product.manage') ?? false;
  const [search, setSearch] = useSearchParams();
  const typeParam = search.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useProductList(page, type);

  const charge = (template: ProductTemplate) => {
    if (template.type === 'unitProgressive' && template.unitPrice !== null)
      return t('products.list.perUnit', {
        price: formatMoney(template.unitPrice, currency),
        unit: t(`products.unit.${template.unit ?? 'MIN'}`),
      });
    if (template.price === null) return '—';
    return template.spentTime
      ? t('products.list.perMinutes', { price: formatMoney(template.price, currency), minutes: template.spentTime })
      : formatMoney(template.price, currency);
  };

  return (
    <>
      <PageHeader
        title={t('screen.productList')}
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/product/info/new')}>
              {t('products.action.create')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Segmented<TypeFilter>
          className="product-type-filter"
          aria-label={t('products.field.type')}
          value={type ?? 'all'}
          onChange={(value) => setSearch(value === 'all' ? {} : { type: value })}
          options={[
            { value: 'all', label: t('products.list.all') },
            ...productTemplateTypes.map((value) => ({ value, label: t(`products.type.${value}`) })),
          ]}
        />
        {list.isError ? (
          <LoadFailed title={t('products.list.failed')} onRetry={list.refetch} />
        ) : isPhone ? (
          <div className="product-cards" aria-busy={list.isFetching}>
            {list.isPending ? <Card loading /> : null}
            {list.isSuccess && list.data.items.length === 0 ? <Empty description={t('products.list.empty')} /> : null}
            {(list.data?.items ?? []).map((template) => (
              <Card
                key={template.id}
                size="small"
                title={<Link to={`/product/info/${template.id}`}>{template.name}</Link>}
              >
                <Tag>{t(`products.type.${template.type}`)}</Tag>
                <span className="product-card-line">{charge(template)}</span>
                <span className="product-card-line">
                  {t('products.list.deviceCount', { value: formatNumber(template.deviceCount) })}
                </span>
              </Card>
            ))}
          </div>
        ) : (
          <Table<ProductTemplate>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 560 }}
            locale={{ emptyText: <Empty description={t('products.list.empty')} /> }}
            columns={[
              {
                title: t('products.field.name'),
                dataIndex: 'name',
                render: (_, template) => <Link to={`/product/info/${template.id}`}>{template.name}</Link>,
              },
              {
                title: t('products.field.type'),
                dataIndex: 'type',
                render: (value: string) => <Tag>{t(`products.type.${value}`)}</Tag>,
              },
              { title: t('products.field.price'), key: 'charge', render: (_, template) => charge(template) },
              {
                title: t('products.list.devices'),
                dataIndex: 'deviceCount',
                align: 'right',
                render: (count: number) => formatNumber(count),
              },
            ]}
          />
        )}
        <Pagination
          className="product-pager"
          current={page}
          pageSize={productPageSize}
          total={list.data?.total ?? 0}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={(next) => setSearch({ ...(type ? { type } : {}), page: String(next) })}
        />
      </Card>
    </>
  );
}
