import { inject } from 'vitest';

/** One running product: where the browser opens it, its broker, and the file its output goes to. */
export type Product = {
  baseUrl: string;
  /** The product's MQTT broker, where a journey's own simulated machine connects. */
  mqttUrl: string;
  /** The file the product's output (stdout and stderr) is written to while it runs. */
  productLog: string;
};

/**
 * The product this worker's journeys use. The run starts one product per worker
 * (support/product.ts), and a worker runs one file at a time, so a journey never shares its product
 * with a journey running at the same moment; files of one worker follow one another on it as they
 * did when the run had a single product.
 */
export function workerProduct(): Product {
  const products = inject('products');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return products[(worker - 1) % products.length]!;
}
