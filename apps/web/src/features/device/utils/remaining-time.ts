/**
 * Seconds a cycle still runs at `now`: the device reports `remainingSeconds` as of
 * `reportedAt`, and the screen counts down between reports. Null when none runs.
 */
export function remainingAt(remainingSeconds: number | null, reportedAt: string | null, now: number): number | null {
  if (remainingSeconds === null) return null;
  const reported = reportedAt ? Date.parse(reportedAt) : NaN;
  const elapsed = Number.isNaN(reported) ? 0 : Math.max(0, (now - reported) / 1000);
  return Math.max(0, Math.round(remainingSeconds - elapsed));
}

/** 125 → "2:05", 3725 → "1:02:05". */
export function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
