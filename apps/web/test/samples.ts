import type { MerchantProfile } from '@sbo/contracts';

export function sampleProfile(overrides: Partial<MerchantProfile> = {}): MerchantProfile {
  return {
    userId: 1,
    merchantId: 7,
    personalInfo: { nickName: 'Amy', avatar: null },
    member: {
      rbacRole: 'merchant',
      permissionGroups: ['memberManagement', 'transaction', 'remoteControl', 'notification'],
    },
    businessInfo: { country: 'TW', companyName: 'Sunny Laundry', currency: 'TWD', timezone: 'Asia/Taipei' },
    permissions: ['dashboard.read', 'device.read'],
    ...overrides,
  };
}
