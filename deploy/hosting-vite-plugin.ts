/**
 * Build-only Vite plugin that makes dist/ ready to host:
 *   - a Content-Security-Policy <meta> in index.html, with the hash of its
 *     inline <style> (no inline script is allowed at all);
 *   - dist/.deploy/security-headers.conf and headers.json, from the same
 *     source (deploy/security-headers.ts) and the build's settings;
 *   - the build fails when the value of a VITE_* variable other than the five
 *     settings appears in the bundle (its name is printed, never its value);
 *   - a .gz copy of each text file, for nginx's gzip_static.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import type { BuildSettings } from './build-config.ts';
import {
  metaContentSecurityPolicy,
  nginxHeaderLines,
  type PolicyInput,
  securityHeaders,
} from './security-headers.ts';

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const GZIP_TYPES = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

export const DEPLOY_DIR = '.deploy';

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash sources of the inline <style> elements; throws on an inline <script>. */
export function inlineStyleHashes(html: string): string[] {
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const [, attributes = '', body = ''] = match;
    if (!/\bsrc=/.test(attributes) || body.trim() !== '') {
      throw new Error(
        "index.html has an inline <script>: the Content-Security-Policy allows none (script-src 'self'); move it to a module",
      );
    }
  }
  return [...html.matchAll(INLINE_STYLE)].map((match) => sha256Source(match[1] ?? ''));
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(full);
    return [full];
  });
}

/** Writes `<file>.gz` (level 9) next to each text file where it is smaller. */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!GZIP_TYPES.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < 256) continue;
    const gz = gzipSync(raw, { level: 9 });
    if (gz.length >= raw.length) continue;
    fs.writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

export function hosting(
  settings: BuildSettings,
  otherValues: readonly { name: string; value: string }[],
): Plugin {
  let config: ResolvedConfig;
  let policy: PolicyInput | null = null;
  return {
    name: 'ev-club-hosting',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        policy = {
          apiOrigin: settings.apiOrigin,
          stripe: settings.stripe,
          styleHashes: inlineStyleHashes(html),
        };
        const meta = `<meta http-equiv="Content-Security-Policy" content="${metaContentSecurityPolicy(policy)}" />`;
        // First in <head>, after the charset: it must come before anything it governs.
        return html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    ${meta}`);
      },
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        const text =
          item.type === 'chunk'
            ? item.code
            : typeof item.source === 'string'
              ? item.source
              : Buffer.from(item.source).toString('utf8');
        for (const { name, value } of otherValues) {
          if (text.includes(value)) {
            this.error(
              `The value of ${name} appears in ${item.fileName}: only VITE_API_URL, VITE_STRIPE_PUBLISHABLE_KEY, VITE_STORE_URL, VITE_SUPPORT_URL and VITE_INSPECT may reach the bundle (the value is not shown). Unset ${name} for the build, or find the code that reads import.meta.env as a whole.`,
            );
          }
        }
      }
    },
    closeBundle() {
      if (!policy) throw new Error('index.html was not transformed: no policy to write');
      const outDir = path.resolve(config.root, config.build.outDir);
      const headers = securityHeaders(policy);
      const deployDir = path.join(outDir, DEPLOY_DIR);
      fs.mkdirSync(deployDir, { recursive: true });
      fs.writeFileSync(path.join(deployDir, 'security-headers.conf'), nginxHeaderLines(headers));
      fs.writeFileSync(
        path.join(deployDir, 'headers.json'),
        `${JSON.stringify(headers, null, 2)}\n`,
      );
      const gzipped = precompress(outDir);
      config.logger.info(
        `hosting: ${DEPLOY_DIR}/security-headers.conf written (CSP ${settings.stripe ? 'with' : 'without'} Stripe, API ${settings.apiOrigin ?? "'self'"}); ${gzipped} files gzipped`,
      );
    },
  };
}
