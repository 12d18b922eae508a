import { afterEach, beforeAll } from 'vitest';
import { initI18n, loadAreaTexts } from '../src/lib/i18n';

/** Just enough of the Web Storage API for auth storage and the language choice. */
class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
}

Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });

beforeAll(async () => {
  await initI18n('en');
  await loadAreaTexts();
});

afterEach(() => {
  globalThis.localStorage.clear();
});
