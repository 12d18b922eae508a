import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { checkoutKeys, type CardOfferSelector } from './keys';

/** What a place offers a card holder: top-up tiers, points, payment methods, virtual cards. */
export function fetchCardOffer(selector: CardOfferSelector, signal?: AbortSignal) {
  return callApi(apiRoutes.cardOffer, { query: selector, signal, errors: 'silent' });
}

const cardOfferQuery = (selector: CardOfferSelector) =>
  queryOptions({
    queryKey: checkoutKeys.cardOffer(selector),
    queryFn: ({ signal }) => fetchCardOffer(selector, signal),
    retry: false,
  });

export const useCardOffer = (selector: CardOfferSelector, enabled = true) =>
  useQuery({ ...cardOfferQuery(selector), enabled });
