import type { ReleaseNote } from '../release-notes';
import { ReleaseNoteCard } from './release-note-card';

type ReleaseDayProps = {
  date: string;
  title: string;
  notes: readonly ReleaseNote[];
  /** The day the address asked for (`?date=`). */
  highlighted: boolean;
  language: string;
};

/** One day of the log: its date as a heading, then that day's notes. */
export function ReleaseDay({ date, title, notes, highlighted, language }: ReleaseDayProps) {
  const headingId = `release-day-${date}-title`;
  return (
    <section
      className={`release-day${highlighted ? ' release-day-highlighted' : ''}`}
      aria-labelledby={headingId}
      data-testid="release-day"
      data-date={date}
      aria-current={highlighted ? 'date' : undefined}
    >
      <h2 id={headingId} className="release-day-title" tabIndex={-1}>
        <time dateTime={date}>{title}</time>
      </h2>
      <div className="release-day-notes">
        {notes.map((note) => (
          <ReleaseNoteCard key={note.id} note={note} language={language} />
        ))}
      </div>
    </section>
  );
}
