/** One field that an audited change touched: its value before and after (undefined: absent). */
type FieldChange = { field: string; before: unknown; after: unknown };

// Bookkeeping columns that change on every write and say nothing to a reader.
const ignoredFields = new Set(['updatedAt', 'createdAt']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between an audit row's before and after, in a stable order.
 * A creation (no before) lists every field of after; a removal every field of before.
 * Values that are not objects come back as one change of the whole value.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const beforeRecord = before ?? {};
  const afterRecord = after ?? {};
  if (!isRecord(beforeRecord) || !isRecord(afterRecord)) {
    return same(before, after) ? [] : [{ field: '', before, after }];
  }
  const fields = [...new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])];
  return fields
    .filter((field) => !ignoredFields.has(field) && !same(beforeRecord[field], afterRecord[field]))
    .map((field) => ({ field, before: beforeRecord[field], after: afterRecord[field] }));
}

/** A value as one readable line: lists joined, nested objects as `key: value` pairs. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(formatAuditValue).join(', ') : '—';
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${formatAuditValue(item)}`)
      .join('; ');
  }
  return String(value);
}
