type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Gives the main thread back until the browser's next task: start-up steps run in separate tasks, so
 * none of them is one long task a phone cannot answer input during. `scheduler.yield()` where the
 * browser has it (the continuation goes ahead of other queued work), a zero timeout otherwise.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
