import { createRequire } from 'node:module';

const nodeRequire = createRequire(import.meta.url);

/**
 * A heavy CommonJS package (pdfkit, zipcodes) loaded on its first use instead of at start: idle
 * memory and start time (docs/deploy.md). Synchronous, for packages behind a synchronous API;
 * async code uses `await import()` instead.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= nodeRequire(name) as T;
    return loaded;
  };
}
