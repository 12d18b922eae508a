/**
 * The api's answers a consumer page arrived with (apps/api/src/plugins/web-app.ts, ConsumerBoot): the calls
 * its first screen would make, answered while the page was served, by the address the page would call
 * (`routeUrl`). Each is taken once; a later call of the same address asks the api.
 */
/** An answer as the api gave it: its HTTP status and its envelope (`result`, or `code` and `message`). */
export type BootAnswer = { status: number; body: unknown };

type Boot = { answers?: Record<string, BootAnswer> };

let answers: Map<string, BootAnswer> | null = null;

const read = (): Map<string, BootAnswer> => {
  if (answers) return answers;
  answers = new Map();
  const block = document.getElementById('consumer-boot');
  try {
    const boot = block?.textContent ? (JSON.parse(block.textContent) as Boot) : {};
    for (const [url, answer] of Object.entries(boot.answers ?? {})) answers.set(url, answer);
  } catch {
    // A damaged block is no answer: the page asks the api.
  }
  block?.remove();
  return answers;
};

/** The answer the page arrived with for this address, once; undefined when it has none (left). */
export function takeAnswer(url: string): BootAnswer | undefined {
  const store = read();
  const answer = store.get(url);
  store.delete(url);
  return answer;
}
