import type { AuditList } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditKeys } from './keys';

/** `GET audit/list`: one page of the merchant's audit log, newest first. */
export function useAuditList(page: number, pageSize: number) {
  return useQuery({
    queryKey: auditKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<AuditList>({ path: 'audit/list', query: { page, pageSize }, signal, errors: 'silent' }),
    placeholderData: keepPreviousData,
  });
}
