/** Types of deploy/serve-nginx.mjs (plain JavaScript, so that it runs without a build). */
export declare const INSTALL_NGINX: string;
/** nginx's binary (NGINX_PATH, Debian's place, then the PATH); null when there is none. */
export declare function nginxPath(): string | null;
export declare function renderSite(
  template: string,
  options: { dist: string; port: number; redirectPort?: number; host?: string },
): string;
export declare function mainConfig(
  prefix: string,
  sitePath: string,
  options: { accessLog: boolean },
): string;
