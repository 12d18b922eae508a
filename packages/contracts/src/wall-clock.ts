// An instant read on a time zone's wall clock, for rules and forms that speak in the merchant's local time
// (promotion windows on the api and in the web's preview, the promotion form's start and end).

/** The instant's fields on the zone's clock: year, month and day (2 digits), hour (00-23), minute, weekday (`sun`...`sat`). */
export type WallClockParts = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  weekday: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** An instant's fields on a time zone's wall clock. */
export function wallClockParts(at: Date, timeZone: string): WallClockParts {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    weekday: part('weekday').toLowerCase().slice(0, 3),
  };
}
