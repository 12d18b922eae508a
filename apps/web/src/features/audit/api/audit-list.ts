import type { AuditEntity, AuditList } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditKeys } from './keys';

/** `GET audit/list`: one page of the merchant's audit log, newest first, about one kind of thing or all. */
export function useAuditList(page: number, pageSize: number, entity: AuditEntity | null) {
  return useQuery({
    queryKey: auditKeys.list(page, pageSize, entity),
    queryFn: ({ signal }) =>
      apiRequest<AuditList>({
        path: 'audit/list',
        query: { page, pageSize, entity: entity ?? undefined },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
