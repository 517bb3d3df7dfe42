/**
 * deploy/nginx.conf as nginx runs it: plain http only ever redirects to https,
 * and the app's server is the one the local checks (serve-nginx.mjs) serve.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_NGINX, mainConfig, nginxPath, renderSite } from '../../deploy/serve-nginx.mjs';

/** The file Apple Pay fetches to verify the domain (Stripe's wallets). */
const APPLE_PAY_FILE = 'apple-developer-merchantid-domain-association';
const template = fs.readFileSync(path.join(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Reply {
  status: number;
  location?: string | undefined;
  nosniff: boolean;
  body: string;
}

function get(port: number, pathname: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path: pathname }, (reply) => {
      let body = '';
      reply.setEncoding('utf8');
      reply.on('data', (chunk: string) => {
        body += chunk;
      });
      reply.on('end', () =>
        resolve({
          status: reply.statusCode ?? 0,
          location: reply.headers.location,
          nosniff: reply.headers['x-content-type-options'] === 'nosniff',
          body,
        }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

describe('the site file as deployed', () => {
  it('its plain-http server has no page to serve: only the redirect', () => {
    const redirect = template.slice(
      template.indexOf('# Plain http'),
      template.indexOf('# The app, over https.'),
    );
    expect(redirect).toMatch(/listen 80;/);
    expect(redirect).toMatch(/return 301 https:\/\/\$host\$request_uri;/);
    expect(redirect).not.toMatch(/\broot\b|\blocation\b/);
  });

  it('a local check serves the app over plain http without the redirect or certificates', () => {
    const site = renderSite(template, { dist: '/tmp/dist', port: 4999 })
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    expect(site).toContain('listen 127.0.0.1:4999;');
    expect(site).not.toMatch(/return 301|ssl_certificate|listen 443|listen 80;/);
    expect(site).toContain('root /tmp/dist;');
  });
});

describe('nginx running the site file', () => {
  // A missing nginx fails these tests rather than skipping them: `npm test` installs it first.
  const NGINX = nginxPath() ?? '';
  let nginx: ChildProcess;
  let prefix: string;
  let appPort: number;
  let redirectPort: number;

  beforeAll(async () => {
    if (!NGINX) throw new Error(`nginx is missing. Install it with: ${INSTALL_NGINX}`);
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-club-nginx-site-'));
    // nginx's workers read the files as another user.
    fs.chmodSync(prefix, 0o755);
    const dist = path.join(prefix, 'dist');
    fs.mkdirSync(path.join(dist, '.deploy'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.mkdirSync(path.join(dist, '.well-known'));
    fs.writeFileSync(path.join(dist, '.well-known', APPLE_PAY_FILE), 'association');
    fs.writeFileSync(
      path.join(dist, '.deploy', 'security-headers.conf'),
      'add_header X-Content-Type-Options "nosniff" always;\n',
    );
    [appPort, redirectPort] = [await freePort(), await freePort()];
    const sitePath = path.join(prefix, 'site.conf');
    const configPath = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(sitePath, renderSite(template, { dist, port: appPort, redirectPort }));
    fs.writeFileSync(configPath, mainConfig(prefix, sitePath, { accessLog: false }));
    const check = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-c', configPath], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    nginx = spawn(NGINX, ['-p', prefix, '-c', configPath], { stdio: 'ignore' });
    for (let tries = 0; tries < 50; tries += 1) {
      if (
        await get(appPort, '/').then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(() => {
    nginx?.kill('SIGQUIT');
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });

  it('plain http answers every path with a permanent redirect to the same path over https', async () => {
    for (const pathname of ['/', '/login', '/assets/app.js', '/dashboard?x=1']) {
      const reply = await get(redirectPort, pathname);
      expect(reply.status).toBe(301);
      expect(reply.location).toBe(`https://127.0.0.1${pathname}`);
    }
  });

  it('the app server answers the app', async () => {
    expect((await get(appPort, '/login')).status).toBe(200);
  });

  it('serves what the web expects at /.well-known/ (Apple Pay’s domain file), and no other dot path', async () => {
    const association = await get(appPort, `/.well-known/${APPLE_PAY_FILE}`);
    expect(association).toMatchObject({ status: 200, body: 'association', nosniff: true });
    expect((await get(appPort, '/.well-known/acme-challenge/missing')).status).toBe(404);
    for (const pathname of [
      '/.deploy/security-headers.conf',
      '/.well-known/../.deploy/security-headers.conf',
      '/.well-known/%2e%2e/.deploy/security-headers.conf',
    ]) {
      const reply = await get(appPort, pathname);
      expect(reply.status, pathname).toBe(404);
      expect(reply.body, pathname).not.toContain('add_header');
    }
  });
});
