import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusPanel } from '../../../components/ui/status-panel';
import { ApiError } from '../../../lib/api-errors';
import { currencyExponent } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { showMessage, toast } from '../../../lib/messages';
import { useCan, useMerchantProfile } from '../../../lib/use-session';
import { useProduct } from '../api/product-detail';
import { useDeleteProduct, useSaveProduct } from '../api/save-product';
import { ProductForm } from './product-form';
import { emptyTemplate, toFormValues } from './product-values';
import { useProductFormCheck } from './use-product-form-check';

/** `productID` of the address: `new` creates a template, a positive whole number edits one. */
export function productIdFrom(param: string | undefined): number | 'new' | null {
  if (param === 'new') return 'new';
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `/product/info/:productID`: create (`new`) or edit a template, and delete it (confirmed). */
export function ProductInfoScreen() {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const navigate = useNavigate();
  const param = productIdFrom(useParams().productID);
  const id = typeof param === 'number' ? param : null;
  const profile = useMerchantProfile();
  const canManage = useCan()('product.manage');
  // Inside the mobile app (`/app/product/info/:id`) there is no template list: leaving goes back in its history.
  const embedded = useLocation().pathname.startsWith('/app/');
  const infoPath = (productId: number) => (embedded ? `/app/product/info/${productId}` : `/product/info/${productId}`);
  const toList = () => void (embedded ? navigate(-1) : navigate('/product'));
  const currency = profile?.businessInfo.currency ?? 'TWD';
  const exponent = currencyExponent(currency);
  const template = useProduct(id);
  const save = useSaveProduct(id);
  const remove = useDeleteProduct();
  const check = useProductFormCheck(currency, exponent, (input) =>
    save.mutateAsync(input).then((saved) => {
      toast.success(t('products.saved'));
      if (id === null) void navigate(infoPath(saved.id), { replace: true });
    }),
  );
  const title = id === null ? t('products.action.create') : (template.data?.name ?? t('screen.productInfo'));

  // Creating a template is for `product.manage`; anyone else is told so rather than refused at Save.
  if (param === 'new' && !canManage)
    return (
      <>
        <PageHeader title={t('products.action.create')} />
        <StatusPanel
          level={2}
          status="warning"
          title={t('noAccess.title', { screen: t('products.action.create') })}
          actions={<Button onClick={toList}>{t('products.action.backToList')}</Button>}
        />
      </>
    );

  if (param === null || template.isError)
    return (
      <>
        <PageHeader title={t('screen.productInfo')} />
        <StatusPanel
          level={2}
          status="warning"
          title={t('products.missing')}
          description={template.error instanceof ApiError ? template.error.message : t('error.1107001')}
          actions={<Button onClick={toList}>{t('products.action.backToList')}</Button>}
        />
      </>
    );

  const confirmDelete = async () => {
    if (!template.data) return;
    const confirmed = await showMessage({
      title: t('products.delete.title'),
      content: t('products.delete.confirm', { name: template.data.name }),
      cancel: true,
    });
    if (confirmed)
      remove.mutate(template.data.id, {
        onSuccess: () => {
          toast.success(t('products.delete.done'));
          if (embedded) void navigate(-1);
          else void navigate('/product', { replace: true });
        },
      });
  };

  return (
    <>
      <PageHeader
        title={title}
        description={
          template.data
            ? t('products.usage', {
                count: template.data.deviceCount,
                updated: clock.dateTime(template.data.updatedAt),
              })
            : undefined
        }
        extra={
          // Its machines, listed to pick from: prices are sent to many machines from the device list.
          template.data && template.data.deviceCount > 0 && profile?.permissions.includes('device.read') ? (
            <LinkButton to={`/device?productId=${template.data.id}`}>{t('products.action.machines')}</LinkButton>
          ) : null
        }
      />
      {id !== null && !template.data ? (
        <Card loading />
      ) : (
        <ProductForm
          key={template.data?.updatedAt ?? 'new'}
          check={check}
          currency={currency}
          initialValues={template.data ? toFormValues(template.data, exponent) : emptyTemplate()}
          submitLabel={id === null ? t('products.action.create') : t('products.action.save')}
          onCancel={toList}
          readOnly={!canManage}
          extra={
            template.data && canManage ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => void confirmDelete()}>
                {t('products.action.delete')}
              </Button>
            ) : null
          }
        />
      )}
    </>
  );
}
