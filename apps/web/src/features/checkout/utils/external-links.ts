import type { CheckoutLinks } from '@sbo/contracts/schemas/checkout-links';

/** The app variants whose place-status page redirects to the external service. */
export type PlaceStatusVariant = 'fn' | 'mb';

function withQuery(base: string, query: Record<string, string>): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** `/mb/checkout?hwid=`: the MB app's checkout with `subId` (the hwid) and `brand`; null when not set up. */
export function mbCheckoutLink(links: CheckoutLinks, hwid: string): string | null {
  if (!links.mbAppUrl || !links.mbBrand) return null;
  return withQuery(links.mbAppUrl, { subId: hwid, brand: links.mbBrand });
}

/**
 * `/fn/place-status` and `/mb/place-status`: the external service page with `placeId` and the FN
 * `version` or the MB `brand`; null when the page or that parameter is not set up.
 */
export function placeStatusLink(links: CheckoutLinks, variant: PlaceStatusVariant, placeId: string): string | null {
  if (!links.placeStatusUrl) return null;
  const extra = variant === 'fn' ? links.placeStatusVersion : links.mbBrand;
  if (!extra) return null;
  return withQuery(links.placeStatusUrl, { placeId, [variant === 'fn' ? 'version' : 'brand']: extra });
}
