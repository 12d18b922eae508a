import { productFormMessages } from '@sbo/contracts';
import { i18n } from './i18n';

/** A zod issue as the contracts produce it (only the parts a form needs). */
export type ContractIssue = {
  path: PropertyKey[];
  code: string;
  message: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
};
export type FieldPath = Array<string | number>;
type FieldError = { name: FieldPath; errors: string[] };

const numberIn = (text: string) => /(\d[\d.]*)\s*(or higher)?$/.exec(text)?.[1];

/**
 * The form rule text (spec section 5) for one contract issue, in the current
 * language: the contracts' own messages map to the shared rule texts, other
 * zod failures to the generic rules.
 */
export function issueText(
  issue: ContractIssue,
  fieldLabel: string,
  /** How a number in the message reads on this field, e.g. minor units shown as money. */
  formatValue: (value: number) => string = String,
): string {
  const m = productFormMessages;
  const { message } = issue;
  if (message === m.required) return i18n.t('rule.required', { field: fieldLabel });
  if (message === m.positiveInteger) return i18n.t('rule.positiveInteger');
  if (message === m.notZero) return i18n.t('rule.notZero');
  if (message === m.duplicateAmount) return i18n.t('rule.duplicateAmount');
  const value = numberIn(message);
  if (value && message === m.multipleOf(Number(value)))
    return i18n.t('rule.multipleOf', { value: formatValue(Number(value)) });
  if (value && message === m.minDeviceVersion(value)) return i18n.t('rule.deviceVersion', { version: value });
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1) return i18n.t('rule.required', { field: fieldLabel });
  if (issue.code === 'too_small') return i18n.t('rule.minLength', { min: Number(issue.minimum) });
  if (issue.code === 'too_big') return i18n.t('rule.maxLength', { max: Number(issue.maximum) });
  if (issue.code === 'invalid_type') return i18n.t('rule.required', { field: fieldLabel });
  return i18n.t('rule.invalidFormat');
}

type FieldErrorOptions = {
  /** How a number in a message reads on this field, e.g. minor units shown as money. */
  formatValue?: (path: FieldPath, value: number) => string;
  /** A screen's own text for a message the shared rules do not cover (e.g. "duplicate course"). */
  ownText?: (issue: ContractIssue, path: FieldPath) => string | undefined;
};

/**
 * Field errors for an antd form from a contract schema's issues: one entry per
 * field, every message of that field, so the form shows all problems at once.
 */
export function fieldErrors(
  issues: readonly ContractIssue[],
  labelOf: (path: FieldPath) => string,
  { formatValue, ownText }: FieldErrorOptions = {},
): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const key = JSON.stringify(path);
    const entry = byField.get(key) ?? { name: path, errors: [] };
    const text =
      ownText?.(issue, path) ?? issueText(issue, labelOf(path), formatValue && ((value) => formatValue(path, value)));
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/** Server 400 details (`path` like `courses.0.price`) as contract issues. */
export function issuesFromDetails(details: ReadonlyArray<{ path: string; message: string }>): ContractIssue[] {
  return details.map((detail) => ({
    path: detail.path
      .split('.')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    code: 'custom',
    message: detail.message,
  }));
}

/** The fields that had errors, cleared: the next check starts from a clean form. */
export function clearedErrors(previous: ReadonlyArray<{ name: FieldPath; errors: string[] }>): FieldError[] {
  return previous.filter((field) => field.errors.length > 0).map((field) => ({ name: field.name, errors: [] }));
}
