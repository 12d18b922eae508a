/** Query keys of bank accounts; every change invalidates `all`. */
export const bankbookKeys = {
  all: ['bankbook'] as const,
  list: () => [...bankbookKeys.all, 'list'] as const,
  detail: (id: number) => [...bankbookKeys.all, 'detail', id] as const,
  forAgents: (verification: string) => [...bankbookKeys.all, 'agents', verification] as const,
};
