import { memo } from 'react';
import { formatDuration, remainingAt } from '../utils/remaining-time';
import { useNow } from '../utils/use-now';

type RemainingTimeProps = { remainingSeconds: number | null; reportedAt: string | null };

/** Counts down between reports; a dash when no cycle runs (and then it follows no clock). */
export const RemainingTime = memo(function RemainingTime({ remainingSeconds, reportedAt }: RemainingTimeProps) {
  const now = useNow(remainingSeconds !== null);
  const seconds = remainingAt(remainingSeconds, reportedAt, now);
  return <span className="device-remaining">{seconds === null ? '–' : formatDuration(seconds)}</span>;
});
