import { describe, expect, it } from 'vitest';
import { auditChanges, formatAuditValue } from '../src/features/audit/utils/audit-diff';

describe('auditChanges', () => {
  it('lists only the fields whose value changed, ignoring timestamps', () => {
    const before = { adminEmail: 'a@example.com', adminPhone: '0912', groups: ['transaction'], updatedAt: '1' };
    const after = { adminEmail: 'b@example.com', adminPhone: '0912', groups: ['transaction'], updatedAt: '2' };
    expect(auditChanges(before, after)).toEqual([
      { field: 'adminEmail', before: 'a@example.com', after: 'b@example.com' },
    ]);
  });

  it('compares nested values such as a device whitelist by content', () => {
    const before = { deviceWhitelist: { enabled: false, deviceIds: [] } };
    const after = { deviceWhitelist: { enabled: true, deviceIds: [3, 4] } };
    expect(auditChanges(before, after).map((change) => change.field)).toEqual(['deviceWhitelist']);
  });

  it('lists every field of a creation and of a removal', () => {
    expect(auditChanges(null, { role: 'manager' })).toEqual([{ field: 'role', before: undefined, after: 'manager' }]);
    expect(auditChanges({ role: 'manager' }, null)).toEqual([{ field: 'role', before: 'manager', after: undefined }]);
  });

  it('treats plain values as one change', () => {
    expect(auditChanges(false, true)).toEqual([{ field: '', before: false, after: true }]);
    expect(auditChanges(1, 1)).toEqual([]);
  });
});

describe('formatAuditValue', () => {
  it('writes lists, objects and empty values readably', () => {
    expect(formatAuditValue(['transaction', 'notification'])).toBe('transaction, notification');
    expect(formatAuditValue({ enabled: true, deviceIds: [3, 4] })).toBe('enabled: true; deviceIds: 3, 4');
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue([])).toBe('—');
  });
});
