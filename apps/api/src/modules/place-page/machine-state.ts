import type { PublicMachineState } from '@sbo/contracts';

/** What a machine's last report says, as the public page needs it. */
export type ReportedState = {
  online: boolean;
  status: string | null;
  errorCode: number | null;
  remainingSeconds: number | null;
  reportedAt: Date | null;
};

/**
 * How a customer sees a machine: out of order when offline, faulted, stopped or taken out of use; free
 * in standby; done while the finished load is still inside; in use otherwise (a cycle, an operator at it).
 */
export function publicStateOf(state: ReportedState): PublicMachineState {
  if (!state.online || state.status === null || state.status === 'offline') return 'outOfOrder';
  if (state.errorCode !== null || state.status === 'stopped' || state.status === 'suspend') return 'outOfOrder';
  if (state.status === 'idle') return 'free';
  if (state.status === 'done') return 'done';
  return 'inUse';
}

/** Seconds left of a running cycle as of `now`: the report's figure less the time since it was sent. */
export function remainingAt(state: ReportedState, now: Date): number | null {
  if (publicStateOf(state) !== 'inUse' || state.remainingSeconds === null) return null;
  const since = state.reportedAt ? Math.max(0, Math.floor((now.getTime() - state.reportedAt.getTime()) / 1000)) : 0;
  return Math.max(0, state.remainingSeconds - since);
}
