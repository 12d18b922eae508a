/** Query keys of the staff feature. */
export const memberKeys = {
  all: ['members'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
  detail: (memberId: number) => [...memberKeys.all, 'detail', memberId] as const,
  invitation: (code: string) => [...memberKeys.all, 'invitation', code] as const,
};
