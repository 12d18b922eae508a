/** Query keys of the hardware binding feature. */
export const bindingKeys = {
  all: ['binding'] as const,
  hardware: (hwid: string, claim: string) => [...bindingKeys.all, 'hardware', hwid, claim] as const,
  merchants: () => [...bindingKeys.all, 'merchants'] as const,
  bindable: (hwid: string, merchantId: number, claim: string) =>
    [...bindingKeys.all, 'bindable', hwid, merchantId, claim] as const,
};
