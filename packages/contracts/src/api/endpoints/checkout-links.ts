import { checkoutLinks } from '../../schemas/checkout-links';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

export const checkoutLinksEndpoints = {
  checkoutLinks: endpoint(apiRoutes.checkoutLinks, {
    tags: ['checkout'],
    summary: 'The external addresses the app-variant pages redirect to: the MB app and the place-status page',
    description:
      'Settings of the api (`MB_APP_URL`, `MB_BRAND`, `PLACE_STATUS_URL`, `PLACE_STATUS_VERSION`); null when unset. Public.',
    result: checkoutLinks,
    refusals: [],
  }),
};
