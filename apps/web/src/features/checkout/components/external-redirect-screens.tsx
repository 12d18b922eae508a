import type { CheckoutLinks } from '@sbo/contracts/schemas/checkout-links';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useCheckoutLinks } from '../api/checkout-links';
import { mbCheckoutLink, placeStatusLink, type PlaceStatusVariant } from '../utils/external-links';
import { CheckoutRetry } from './checkout-retry';
import './checkout.css';

type ExternalRedirectProps = {
  /** The query value the address needs (`hwid`, `placeId`), or null when it lacks it. */
  value: string | null;
  build: (links: CheckoutLinks, value: string) => string | null;
};

/** Sends the browser on to an external page; says so plainly when the address or the setting is missing. */
function ExternalRedirect({ value, build }: ExternalRedirectProps) {
  const { t } = useTranslation();
  const links = useCheckoutLinks();
  const target = value && links.data ? build(links.data, value) : null;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (!value)
    return (
      <StatusPanel
        status="warning"
        title={t('checkout.redirect.incomplete.title')}
        description={t('checkout.redirect.incomplete.description')}
      />
    );
  if (links.isPending) return <PageLoading />;
  if (links.isError)
    return (
      <StatusPanel
        status="error"
        title={t('checkout.loadFailed.title')}
        description={t('checkout.loadFailed.description')}
        actions={<CheckoutRetry query={links} />}
      />
    );
  if (!target)
    return (
      <StatusPanel
        status="warning"
        title={t('checkout.redirect.notSetUp.title')}
        description={t('checkout.redirect.notSetUp.description')}
      />
    );
  return (
    <StatusPanel
      status="success"
      title={t('checkout.redirect.leaving')}
      actions={
        <Button type="primary" size="large" href={target}>
          {t('checkout.redirect.continue')}
        </Button>
      }
    />
  );
}

const queryValue = (search: URLSearchParams, name: string) => search.get(name)?.trim() || null;

/** `/mb/checkout?hwid=`: the MB app's own checkout, with the hwid as `subId` and the brand. */
export function MbCheckoutRedirect() {
  const [search] = useSearchParams();
  return <ExternalRedirect value={queryValue(search, 'hwid')} build={mbCheckoutLink} />;
}

/** `/fn/place-status?placeId=`, `/mb/place-status?placeId=`: the external place-status page. */
export function PlaceStatusRedirect({ variant }: { variant: PlaceStatusVariant }) {
  const [search] = useSearchParams();
  return (
    <ExternalRedirect
      value={queryValue(search, 'placeId')}
      build={(links, placeId) => placeStatusLink(links, variant, placeId)}
    />
  );
}
