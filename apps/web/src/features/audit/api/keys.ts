/** Query keys of the audit feature. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (page: number, pageSize: number) => [...auditKeys.all, 'list', page, pageSize] as const,
};
