import { describe, expect, it } from 'vitest';
import { defaultGroupsByRole, isAllowed, permissionMatrix, permissions, roles } from '../src/permissions';

describe('the permission matrix', () => {
  it('gives root and the merchant owner every permission', () => {
    for (const permission of permissions) {
      expect(isAllowed({ role: 'root', permissionGroups: [] }, permission)).toBe(true);
      expect(isAllowed({ role: 'merchant', permissionGroups: [] }, permission)).toBe(true);
    }
  });

  it('keeps money movement with the owners', () => {
    for (const role of ['manager', 'shareholder', 'storeManager'] as const) {
      expect(isAllowed({ role, permissionGroups: defaultGroupsByRole[role] }, 'wallet.withdraw')).toBe(false);
      expect(isAllowed({ role, permissionGroups: defaultGroupsByRole[role] }, 'bankbook.manage')).toBe(false);
    }
  });

  it('lets a storeManager see and control devices but not revenue', () => {
    const storeManager = { role: 'storeManager' as const, permissionGroups: defaultGroupsByRole.storeManager };
    expect(isAllowed(storeManager, 'device.read')).toBe(true);
    expect(isAllowed(storeManager, 'device.remote')).toBe(true);
    expect(isAllowed(storeManager, 'dashboard.read')).toBe(false);
    expect(isAllowed(storeManager, 'revenue.read')).toBe(false);
  });

  it('names only known roles', () => {
    for (const definition of Object.values(permissionMatrix)) {
      for (const role of definition.roles) expect(roles).toContain(role);
    }
  });
});
