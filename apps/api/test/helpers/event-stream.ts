/** A Server-Sent Events stream read as text; `until` waits for what a test expects, `ended` says the server closed it. */
export function eventStream(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  return {
    text: () => text,
    ended: () => ended,
    async until(condition: (text: string) => boolean, timeoutMs = 60_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!condition(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`stream did not show it within ${timeoutMs} ms: ${text}`);
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (next?.done) {
          ended = true;
          break;
        }
        if (next?.value) text += decoder.decode(next.value);
      }
      return text;
    },
    close: () => reader.cancel(),
  };
}
