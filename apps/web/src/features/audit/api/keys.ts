/** Query keys of the audit feature. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (page: number, pageSize: number, entity: string | null) =>
    [...auditKeys.all, 'list', page, pageSize, entity] as const,
};
