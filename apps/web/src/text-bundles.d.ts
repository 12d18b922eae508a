// The texts' modules the build makes (text-bundles.ts beside vite.config.ts): see lib/translation-bundles.ts.
declare module 'virtual:text-bundles' {
  type Tree = { [key: string]: string | Tree };
  /** Per scope, a loader per language of the language's texts merged into one tree. */
  const bundles: Record<'start' | 'areas', Partial<Record<string, () => Promise<{ default: Tree }>>>>;
  export default bundles;
}
