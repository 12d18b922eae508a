import type { ProductTemplate } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './keys';

type TemplateCourse = ProductTemplate['courses'][number];

/**
 * `GET product/{id}`: the courses of the template a device sells, for the remote start and change of
 * course. Silent: without the template (no permission, deleted) the protocol's courses are offered.
 */
export function useProductCourses(productId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.productCourses(productId ?? 0),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.productDetail, { params: { id: productId ?? 0 }, signal, errors: 'silent' }),
    enabled: enabled && productId !== null,
    staleTime: 60_000,
    select: (template): TemplateCourse[] => template.courses,
  });
}
