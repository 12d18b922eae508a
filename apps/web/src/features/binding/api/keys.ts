/** Query keys of the hardware binding feature. */
export const bindingKeys = {
  all: ['binding'] as const,
  hardware: (hwid: string) => [...bindingKeys.all, 'hardware', hwid] as const,
  merchants: () => [...bindingKeys.all, 'merchants'] as const,
  bindable: (hwid: string, merchantId: number) => [...bindingKeys.all, 'bindable', hwid, merchantId] as const,
};
