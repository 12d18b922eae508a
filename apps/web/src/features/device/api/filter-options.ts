import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { fetchAllPages } from '../../../lib/all-pages';
import { allPlacesQuery } from '../../../lib/picker-queries';
import type { PickerOption as Option } from '../utils/picker-option';
import { deviceKeys } from './keys';

/** `GET product/list`, every page: the templates a device's product can change to. */
const productOptionsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.productOptions(),
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await fetchAllPages(apiRoutes.productList, { signal });
      return page.items.map((product) => ({ id: product.id, name: product.name }));
    },
  });

/** Every place of the merchant: the places to filter devices by. */
export const usePlaceOptions = (enabled: boolean) =>
  useQuery({
    ...allPlacesQuery(),
    enabled,
    select: (page): Option[] => page.items.map((place) => ({ id: place.id, name: place.title })),
  });
export const useProductOptions = (enabled: boolean) => useQuery({ ...productOptionsQuery(), enabled });
