import { beforeEach } from 'vitest';
import { recordFailureEvidence } from './browser';

// Every journey: when it fails, what its open pages showed goes into the output (support/browser.ts).
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => recordFailureEvidence(task.name));
});
