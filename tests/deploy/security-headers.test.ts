import { describe, expect, it } from 'vitest';
import { inlineStyleHashes, sha256Source } from '../../deploy/hosting-vite-plugin.ts';
import {
  contentSecurityPolicy,
  metaContentSecurityPolicy,
  nginxHeaderLines,
  securityHeaders,
} from '../../deploy/security-headers.ts';

const HASH = "'sha256-abc='";

describe('the Content-Security-Policy (deploy/security-headers.ts)', () => {
  it('without a publishable key: self only, the inline style by hash, nothing framed', () => {
    expect(contentSecurityPolicy({ apiOrigin: null, stripe: false, styleHashes: [HASH] })).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-abc='; img-src 'self' data:; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('with a key and another API origin: the API origin and the Stripe hosts are added', () => {
    const policy = contentSecurityPolicy({
      apiOrigin: 'https://connect.example.ca',
      stripe: true,
      styleHashes: [HASH],
    });
    expect(policy).toContain(
      "script-src 'self' https://js.stripe.com https://*.js.stripe.com; style-src",
    );
    expect(policy).toContain(
      "connect-src 'self' https://connect.example.ca https://api.stripe.com; frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
    );
    expect(policy).not.toContain('unsafe');
  });

  it('the meta tag copy leaves out frame-ancestors (browsers ignore it there)', () => {
    const meta = metaContentSecurityPolicy({ apiOrigin: null, stripe: false, styleHashes: [] });
    expect(meta).not.toContain('frame-ancestors');
    expect(meta).toContain("object-src 'none'");
  });

  it('the other headers; payment is delegated to Stripe only with a key', () => {
    const plain = securityHeaders({ apiOrigin: null, stripe: false, styleHashes: [] });
    expect(plain).toMatchObject({
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
    expect(plain['Permissions-Policy']).toContain('payment=(self)');
    expect(plain['Permissions-Policy']).toContain('camera=()');
    const stripe = securityHeaders({ apiOrigin: null, stripe: true, styleHashes: [] });
    expect(stripe['Permissions-Policy']).toContain('payment=(self "https://js.stripe.com")');
  });

  it('nginx lines: one add_header each, quoted so nginx reads the value whole, always', () => {
    const lines = nginxHeaderLines(
      securityHeaders({ apiOrigin: null, stripe: true, styleHashes: [HASH] }),
    );
    expect(lines).toContain(
      `add_header Content-Security-Policy "${contentSecurityPolicy({ apiOrigin: null, stripe: true, styleHashes: [HASH] })}" always;`,
    );
    expect(lines).toContain(
      `add_header Permissions-Policy 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self "https://js.stripe.com"), usb=()' always;`,
    );
  });

  it('hashes inline styles as browsers do, and refuses an inline script', () => {
    // echo -n 'a{}' | openssl dgst -sha256 -binary | base64
    expect(sha256Source('a{}')).toBe("'sha256-X1RutGBrXCt9KkSaXMK7tHftWiRscFHOhxsS8tv8hBk='");
    expect(
      inlineStyleHashes('<style>a{}</style><script type="module" src="/x.js"></script>'),
    ).toEqual(["'sha256-X1RutGBrXCt9KkSaXMK7tHftWiRscFHOhxsS8tv8hBk='"]);
    expect(() => inlineStyleHashes('<script>alert(1)</script>')).toThrow(/inline <script>/);
  });
});
