import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Segmented, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadFailed } from '../../../components/ui/load-failed';
import { currentLanguage } from '../../../lib/i18n';
import { isCalendarDay, noteTypes, type NoteType } from '../note-format';
import { notesByDay, releaseNotesQuery } from '../release-notes';
import { useWhatsNew } from '../whats-new';
import { ReleaseDay } from './release-day';
import './release-log.css';

type TypeFilter = 'all' | NoteType;

/** `/user/app`: the release notes, newest first; `?date=YYYY-MM-DD` opens that day's notes. */
export function ReleaseLogScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const notes = useQuery(releaseNotesQuery(language));
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const { markAllSeen } = useWhatsNew();
  const askedDate = params.get('date');
  const validDate = askedDate !== null && isCalendarDay(askedDate) ? askedDate : null;

  const days = useMemo(
    () => notesByDay((notes.data ?? []).filter((note) => filter === 'all' || note.type === filter)),
    [notes.data, filter],
  );
  const dateFound = validDate !== null && (notes.data ?? []).some((note) => note.date === validDate);

  // Opening the log is looking at it: the what's-new mark goes once the notes are on screen.
  useEffect(() => {
    if (notes.isSuccess) markAllSeen();
  }, [notes.isSuccess, markAllSeen]);

  useEffect(() => {
    if (!notes.isSuccess || !validDate || !dateFound) return;
    const heading = document.getElementById(`release-day-${validDate}-title`);
    if (!heading) return;
    const keepInView = () => heading.scrollIntoView({ block: 'start' });
    keepInView();
    heading.focus({ preventScroll: true });
    // Pictures above the day load after the jump (lazily, near the screen) and push it down: it is kept
    // in view as each one arrives, until the reader moves the page themselves.
    const onPicture = (event: Event) => {
      if (event.target instanceof HTMLImageElement) keepInView();
    };
    const readerMoves = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    const stop = () => {
      document.removeEventListener('load', onPicture, true);
      for (const type of readerMoves) window.removeEventListener(type, stop, true);
    };
    document.addEventListener('load', onPicture, true);
    for (const type of readerMoves) window.addEventListener(type, stop, true);
    return stop;
  }, [notes.isSuccess, validDate, dateFound]);

  const filterOptions = (['all', ...noteTypes] as const).map((value) => ({
    value,
    label: t(`releaseLog.filter.${value}`),
  }));

  return (
    <>
      <PageHeader title={t('screen.releaseLog')} description={t('releaseLog.description')} />
      {askedDate !== null && !validDate ? (
        <Alert
          className="release-log-alert"
          type="warning"
          showIcon
          title={t('releaseLog.badDate', { date: askedDate })}
        />
      ) : null}
      {validDate && notes.isSuccess && !dateFound ? (
        <Alert
          className="release-log-alert"
          type="info"
          showIcon
          title={t('releaseLog.noNotesOn', { date: formatDay(validDate, language) })}
          data-testid="release-date-missing"
        />
      ) : null}
      <div className="release-log-filter">
        <Segmented<TypeFilter>
          options={filterOptions}
          value={filter}
          onChange={setFilter}
          aria-label={t('releaseLog.filter.label')}
        />
      </div>
      {notes.isPending ? (
        <Card aria-busy="true" aria-label={t('releaseLog.loading')}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : notes.isError ? (
        <LoadFailed title={t('releaseLog.loadFailed')} onRetry={notes.refetch} />
      ) : days.length === 0 ? (
        <Card>
          <Empty description={t(filter === 'all' ? 'releaseLog.empty' : 'releaseLog.emptyOfType')} />
        </Card>
      ) : (
        <div className="release-log-days">
          {days.map((day) => (
            <ReleaseDay
              key={day.date}
              date={day.date}
              title={formatDay(day.date, language)}
              notes={day.notes}
              highlighted={day.date === validDate}
              language={language}
            />
          ))}
        </div>
      )}
    </>
  );
}

/** A note's day as a calendar day: the same day in every time zone. */
function formatDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
