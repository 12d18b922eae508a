/**
 * Inlined into index.html's head by the sign-in-first build plugin (vite.config.ts): a visitor who is not
 * signed in leaves for the sign-in service before the app's files are asked for; everyone else gets the
 * app's script and style tags written in place, exactly as the build made them.
 */
import { signInFirstAddress } from './sign-in-first';

declare const __APP_TAGS__: string;

let leaving = false;
try {
  const address = signInFirstAddress({
    pathname: location.pathname,
    search: location.search,
    readItem: (key) => localStorage.getItem(key),
    browserLanguages: navigator.languages ?? [navigator.language],
    now: Date.now(),
  });
  if (address) {
    location.replace(address);
    leaving = true;
  }
} catch {
  // No storage (a locked-down browser): the app starts and its own guards send the visitor on.
}
// Written by the parser, the tags keep a static tag's order and early fetching.
if (!leaving && __APP_TAGS__) document.write(__APP_TAGS__);
