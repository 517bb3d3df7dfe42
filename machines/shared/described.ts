/**
 * What the caller of a chart builder (`busyInvoking`, `errorTo`, the form
 * kit's `changeWith`…) says of the state or transition on the chart. It is
 * always a `description:` property written where the builder is called, never
 * a plain argument: a production build strips those properties
 * (deploy/strip-descriptions-vite-plugin.ts), so no member downloads them.
 */
export interface Described {
  description?: string;
}
