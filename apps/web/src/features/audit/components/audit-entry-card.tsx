import type { AuditEntry } from '@sbo/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { auditChanges, formatAuditValue } from '../utils/audit-diff';

// i18next reads dots as nesting: `member.update` is looked up as `audit.action.member_update`.
const textKey = (value: string) => value.replace(/\./g, '_');

const commandPrefix = 'device.command.';

/** An action's words: a device command names the command as the device screens do. */
function useActionLabel() {
  const { t } = useTranslation();
  return (action: string) => {
    if (!action.startsWith(commandPrefix)) return t(`audit.action.${textKey(action)}`, { defaultValue: action });
    const name = action.slice(commandPrefix.length);
    const command = t(`devices.action.${name}`, { defaultValue: t(`audit.action.${name}`, { defaultValue: name }) });
    return t('audit.action.device_command', { command });
  };
}

/** One audit row: what happened to which record, who did it and when, and each changed field. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const actionLabel = useActionLabel();
  const changes = auditChanges(entry.before, entry.after);
  const entity = t(`audit.entity.${textKey(entry.entity)}`, { defaultValue: entry.entity });
  return (
    <article className="audit-entry" data-testid="audit-entry">
      <header className="audit-entry-head">
        <Tag color="blue" className="audit-action">
          {actionLabel(entry.action)}
        </Tag>
        <span className="audit-entity">{entry.entityId ? `${entity} #${entry.entityId}` : entity}</span>
        <span className="audit-meta">
          {entry.actor?.nickName ?? t('audit.system')} ·{' '}
          <time dateTime={entry.createdAt}>{clock.dateTime(entry.createdAt)}</time>
        </span>
      </header>
      {changes.length > 0 ? (
        <table className="audit-diff">
          <thead>
            <tr>
              <th scope="col">{t('audit.field')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">
                  {change.field ? t(`audit.fields.${change.field}`, { defaultValue: change.field }) : entity}
                </th>
                <td className="audit-before" data-label={t('audit.before')}>
                  {formatAuditValue(change.before)}
                </td>
                <td className="audit-after" data-label={t('audit.after')}>
                  {formatAuditValue(change.after)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="audit-unchanged">{t('audit.noFieldChanges')}</p>
      )}
    </article>
  );
}
