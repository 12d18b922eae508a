/** Every merchant-owned query takes the scope; handlers never filter by merchant themselves. */
export type MerchantScope = { merchantId: number };
