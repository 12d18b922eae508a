/**
 * Machine time. Durations in the machines are written in real-world seconds (a 30-minute wash is
 * 1800); `timeScale` compresses them, so a demo or a test sees whole cycles in seconds.
 */
export class SimClock {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly timeScale: number) {
    if (!(timeScale > 0)) throw new Error('timeScale must be positive');
  }

  /** Real milliseconds that `simSeconds` of machine time take. */
  realMs(simSeconds: number): number {
    return (simSeconds * 1000) / this.timeScale;
  }

  afterReal(ms: number, run: () => void): () => void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run();
      },
      Math.max(0, ms),
    );
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  after(simSeconds: number, run: () => void): () => void {
    return this.afterReal(this.realMs(simSeconds), run);
  }

  /** Resolves after `simSeconds`; never resolves once the clock is stopped, ending the flow waiting on it. */
  sleep(simSeconds: number): Promise<void> {
    return new Promise((resolve) => this.after(simSeconds, resolve));
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
