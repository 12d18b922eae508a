import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiQuery } from '../../../lib/api-client';
import { auditKeys } from './keys';

type AuditEntity = NonNullable<ApiQuery<typeof apiRoutes.auditList>['entity']>;

/** `GET audit/list`: one page of the merchant's audit log, newest first, about one kind of thing or all. */
export function useAuditList(page: number, pageSize: number, entity: AuditEntity | null) {
  return useQuery({
    queryKey: auditKeys.list(page, pageSize, entity),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.auditList, {
        query: { page, pageSize, entity: entity ?? undefined },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
