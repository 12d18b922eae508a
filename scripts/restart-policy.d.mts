// Types of restart-policy.mjs, for the tests that import it from TypeScript.
export declare const configErrorExitCode: number;
export declare function shouldRestart(ended: {
  code: number | null;
  signal: NodeJS.Signals | null;
  stopping: boolean;
}): boolean;
export declare function createRestartBackoff(options?: {
  firstDelayMs?: number;
  maxDelayMs?: number;
  stableAfterMs?: number;
}): { nextDelay(ranForMs: number): number };
