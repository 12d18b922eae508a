import {
  notificationChannels,
  notificationGroups,
  notificationKinds,
  groupOfKind,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@sbo/contracts';
import { Alert, Button, Card, Checkbox, Empty, Radio, Switch, Table, Tag, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';
import { phoneQuery, useMediaQuery } from '../../../components/ui/use-media-query';
import { ApiError } from '../../../lib/api-errors';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { toast } from '../../../lib/messages';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings';
import { ChannelPanel } from './channel-panel';

const timeFormat = 'HH:mm';
const fromSettings = ({
  kinds,
  criticalKinds,
  quietHours,
  report,
}: NotificationSettings): NotificationSettingsInput => ({
  kinds,
  criticalKinds,
  quietHours,
  report,
});

type QuietHours = NonNullable<NotificationSettingsInput['quietHours']>;
type Row = { key: string; group?: (typeof notificationGroups)[number]; kind?: NotificationKind };

/** The member's own choices: events by channel, critical events, quiet hours, the report, and channel state. */
export function NotificationSettingsPanel() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  if (settings.isPending) return <Card loading />;
  if (settings.isError)
    return (
      <LoadFailed
        title={t('notification.settings.failed')}
        description={settings.error instanceof ApiError ? settings.error.message : t('api.genericError')}
        onRetry={settings.refetch}
      />
    );
  // Keyed by what was saved: a save (or another tab's) starts the form over from the stored choices.
  return <SettingsForm key={JSON.stringify(fromSettings(settings.data))} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const save = useSaveNotificationSettings();
  const isPhone = useMediaQuery(phoneQuery);
  const [draft, setDraft] = useState<NotificationSettingsInput>(() => fromSettings(settings));
  const { channels } = settings;
  const changed = JSON.stringify(draft) !== JSON.stringify(fromSettings(settings));

  const available: Record<NotificationChannel, boolean> = {
    inApp: true,
    push: true,
    line: channels.lineAvailable,
    email: channels.emailAvailable,
  };
  const setChannel = (kind: NotificationKind, channel: NotificationChannel, on: boolean) =>
    setDraft((current) => ({
      ...current,
      kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], [channel]: on } },
    }));
  const setCritical = (kind: NotificationKind, on: boolean) =>
    setDraft((current) => ({
      ...current,
      criticalKinds: on
        ? [...current.criticalKinds.filter((k) => k !== kind), kind]
        : current.criticalKinds.filter((k) => k !== kind),
    }));
  const submit = () => save.mutate(draft, { onSuccess: () => toast.success(t('notification.settings.saved')) });

  const rows: Row[] = notificationGroups.flatMap((group) => [
    { key: `group-${group}`, group },
    ...notificationKinds.filter((kind) => groupOfKind[kind] === group).map((kind) => ({ key: kind, kind })),
  ]);
  const channelTitle = (channel: NotificationChannel) => (
    <span className="channel-title">
      {t(`notification.channel.${channel}`)}
      {available[channel] ? null : <Tag className="channel-off">{t('notification.channelState.unavailable')}</Tag>}
    </span>
  );

  // A column of a control per event (none on a group's row, which spans the table).
  const kindColumn = (key: string, title: ReactNode, control: (kind: NotificationKind) => ReactNode) => ({
    title,
    key,
    align: 'center' as const,
    onCell: (row: Row) => ({ colSpan: row.group ? 0 : 1 }),
    render: (_: unknown, row: Row) => (row.kind ? control(row.kind) : null),
  });
  const quietPicker = (hours: QuietHours, end: 'from' | 'to', label: string) => (
    <TimePicker
      aria-label={label}
      format={timeFormat}
      minuteStep={5}
      allowClear={false}
      needConfirm={false}
      value={dayjs(`2000-01-01T${hours[end]}`)}
      onChange={(value) =>
        value && setDraft((current) => ({ ...current, quietHours: { ...hours, [end]: value.format(timeFormat) } }))
      }
    />
  );

  const quiet = draft.quietHours;
  // The event column stays put while the channels scroll beside it (on a phone most of them are out of view).
  const eventWidth = isPhone ? 128 : 200;

  return (
    <div className="notification-settings">
      <Card title={t('notification.settings.eventsTitle')} size="small">
        <p className="settings-note" data-testid="settings-defaults-note">
          {/* The daily report is e-mailed: offered only where the server sends mail. */}
          {t(
            channels.emailAvailable
              ? 'notification.settings.defaultsNote'
              : 'notification.settings.defaultsNoteNoReport',
          )}
        </p>
        <Table<Row>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 640 }}
          className="settings-events"
          style={{ '--settings-event-width': `${eventWidth}px` } as CSSProperties}
          rowClassName={(row) => (row.group ? 'settings-group-row' : '')}
          columns={[
            {
              title: t('notification.settings.event'),
              key: 'event',
              fixed: 'left',
              width: eventWidth,
              onCell: (row) => ({ colSpan: row.group ? 6 : 1 }),
              render: (_, row) =>
                row.group ? (
                  <strong>{t(`notification.group.${row.group}`)}</strong>
                ) : (
                  t(`notification.kind.${row.kind!}`)
                ),
            },
            ...notificationChannels.map((channel) =>
              kindColumn(channel, channelTitle(channel), (kind) => (
                <Checkbox
                  aria-label={`${t(`notification.kind.${kind}`)}: ${t(`notification.channel.${channel}`)}`}
                  checked={draft.kinds[kind][channel]}
                  disabled={!available[channel] && !draft.kinds[kind][channel]}
                  onChange={(event) => setChannel(kind, channel, event.target.checked)}
                />
              )),
            ),
            kindColumn('critical', t('notification.critical'), (kind) => (
              <Switch
                size="small"
                aria-label={`${t(`notification.kind.${kind}`)}: ${t('notification.critical')}`}
                checked={draft.criticalKinds.includes(kind)}
                onChange={(on) => setCritical(kind, on)}
              />
            )),
          ]}
        />
        <p className="settings-note">{t('notification.settings.criticalNote')}</p>
      </Card>

      <Card title={t('notification.settings.quietTitle')} size="small">
        <div className="quiet-hours">
          <label className="quiet-toggle">
            <Switch
              checked={quiet !== null}
              onChange={(on) =>
                setDraft((current) => ({ ...current, quietHours: on ? { from: '22:00', to: '07:00' } : null }))
              }
            />
            {t('notification.settings.quietOn')}
          </label>
          {quiet ? (
            <span className="quiet-range">
              {quietPicker(quiet, 'from', t('notification.settings.quietFrom'))}
              <span aria-hidden>–</span>
              {quietPicker(quiet, 'to', t('notification.settings.quietTo'))}
            </span>
          ) : null}
        </div>
        <p className="settings-note">
          {quiet && quiet.from === quiet.to
            ? t('notification.settings.quietSame')
            : t('notification.settings.quietNote', { zone: clock.timeZone })}
        </p>
      </Card>

      <Card title={t('notification.settings.reportTitle')} size="small">
        <Radio.Group
          value={draft.report}
          onChange={(event) =>
            setDraft((current) => ({ ...current, report: event.target.value as NotificationSettingsInput['report'] }))
          }
          options={(['off', 'daily', 'weekly'] as const).map((report) => ({
            value: report,
            label: t(`notification.report.${report}`),
            // Without e-mail on the server a report cannot be sent: only what was chosen before stays.
            disabled: !channels.emailAvailable && report !== 'off' && report !== settings.report,
          }))}
        />
        <p className="settings-note">
          {channels.emailAvailable
            ? t('notification.settings.reportNote', { email: channels.email })
            : t('notification.settings.reportNoEmail')}
        </p>
      </Card>

      <div className="settings-save">
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={submit}>
          {t('notification.settings.save')}
        </Button>
        {changed ? (
          <Button onClick={() => setDraft(fromSettings(settings))}>{t('notification.settings.discard')}</Button>
        ) : null}
      </div>

      <ChannelPanel channels={channels} />

      <Card title={t('notification.settings.failedTitle')} size="small">
        {settings.failedDeliveries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notification.settings.noFailures')} />
        ) : (
          <>
            <Alert type="warning" showIcon message={t('notification.settings.failedNote')} />
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={settings.failedDeliveries}
              scroll={{ x: 560 }}
              columns={[
                {
                  title: t('notification.settings.failedAt'),
                  dataIndex: 'failedAt',
                  render: (value: string | null) => (value ? clock.dateTime(value) : '—'),
                },
                {
                  title: t('notification.settings.channel'),
                  dataIndex: 'channel',
                  render: (value: NotificationChannel) => t(`notification.channel.${value}`),
                },
                {
                  title: t('notification.settings.event'),
                  dataIndex: 'kind',
                  render: (value: string) => t(`notification.kind.${value}`, { defaultValue: value }),
                },
                { title: t('notification.settings.attempts'), dataIndex: 'attempts', align: 'right' },
                {
                  title: t('notification.settings.lastError'),
                  dataIndex: 'lastError',
                  render: (v: string | null) => v ?? '—',
                },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
