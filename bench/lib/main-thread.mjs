// A page load's main-thread tasks from a Chromium trace, in CPU time (benches that measure a screen's start).
import { readFileSync } from 'node:fs';

/** Top-level tasks of the renderer's main thread after the navigation, from a Chromium trace. */
export function mainThreadTasks(traceFile) {
  const { traceEvents } = JSON.parse(readFileSync(traceFile, 'utf8'));
  const starts = traceEvents.filter((e) => e.name === 'navigationStart').map((e) => e.ts);
  const start =
    starts.length > 0 ? Math.max(...starts) : Math.min(...traceEvents.filter((e) => e.ts > 0).map((e) => e.ts));
  const cpuByThread = new Map();
  for (const event of traceEvents) {
    if (event.name !== 'RunTask' || event.ph !== 'X') continue;
    const thread = `${event.pid}:${event.tid}`;
    cpuByThread.set(thread, (cpuByThread.get(thread) ?? 0) + (event.tdur ?? 0));
  }
  const main = [...cpuByThread].sort((a, b) => b[1] - a[1])[0][0];
  return traceEvents
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.ts >= start)
    .map((e) => ({ atMs: (e.ts - start) / 1000, cpuMs: (e.tdur ?? 0) / 1000, wallMs: e.dur / 1000 }));
}

/** Lighthouse's CPU slowdown on its mobile profile: a task is long there once 4x its CPU time passes 50 ms. */
const slowdown = 4;

/**
 * A load's tasks in figures: their CPU time, the tasks long at Lighthouse's 4x slowdown (over 12.5 ms of
 * CPU), the longest task, and the blocking time the long ones imply (sum of 4 x CPU - 50 ms).
 */
export function taskFigures(tasks) {
  const long = tasks.filter((task) => task.cpuMs * slowdown > 50);
  return {
    cpuMs: Math.round(tasks.reduce((sum, task) => sum + task.cpuMs, 0)),
    longTasks: long.length,
    longestMs: Math.round(Math.max(0, ...tasks.map((task) => task.cpuMs)) * 10) / 10,
    tbtAt4xMs: Math.round(long.reduce((sum, task) => sum + task.cpuMs * slowdown - 50, 0)),
    long,
  };
}
