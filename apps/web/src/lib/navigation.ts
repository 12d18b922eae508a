/**
 * Lets non-React code (the API client) move the app to another page. The router
 * registers itself on start; before that, a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigate: Navigate = (path) => globalThis.location?.assign(path);

export function registerNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(path: string): void {
  navigate(path);
}

/** An address inside this app (no scheme, no host, no `//`), safe to send the user to. */
export function isInAppPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}
