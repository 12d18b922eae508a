declare module 'parse-prometheus-text-format' {
  type Sample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  type Family = { name: string; help: string; type: string; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
