/** Types of deploy/serve-nginx.mjs (plain JavaScript, so that it runs without a build). */
export declare function renderSite(
  template: string,
  options: { dist: string; port: number; redirectPort?: number; host?: string },
): string;
export declare function mainConfig(
  prefix: string,
  sitePath: string,
  options: { accessLog: boolean },
): string;
