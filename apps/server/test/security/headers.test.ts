import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { securityHeaders } from '../../src/plugins/security.ts';
import { describeApi, signedIn, type Harness } from '../support/harness.ts';
import { send, type Sent } from './support/send.ts';

/**
 * Security headers on everything the server answers (API, errors, the console's pages and
 * files, the API document), HSTS only over HTTPS, and CORS only for the listed origins.
 * The browser side (cross-origin window messages ignored by console and extension, the
 * console refusing to be framed) is e2e/tests/security.spec.ts.
 */

const consoleDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-console-'));
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>InviteFlow</title>');
mkdirSync(path.join(consoleDir, 'assets'));
writeFileSync(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');

function directives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

function headerProblems(label: string, res: Sent): string[] {
  const problems: string[] = [];
  const header = (name: string) => res.headers[name] as string | undefined;
  const csp = directives(header('content-security-policy') ?? '');
  const expected: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    'object-src': "'none'",
    'frame-ancestors': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'connect-src': "'self'",
  };
  for (const [name, value] of Object.entries(expected)) {
    if (csp[name] !== value) problems.push(`${label}: CSP ${name} is "${csp[name]}"`);
  }
  const checks: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  for (const [name, value] of Object.entries(checks)) {
    if (header(name) !== value) problems.push(`${label}: ${name} is "${header(name)}"`);
  }
  if (header('x-powered-by') !== undefined) problems.push(`${label}: x-powered-by is sent`);
  return problems;
}

/**
 * Every header of the server's map, with its value, on each answer. The API document's
 * UI sets its own CSP (checked above), so its CSP is left out.
 */
function missingFromMap(
  answers: Record<string, Sent>,
  map: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  for (const [label, res] of Object.entries(answers)) {
    for (const [name, value] of Object.entries(map)) {
      const lower = name.toLowerCase();
      if (label === 'the API document' && lower === 'content-security-policy') continue;
      if (res.headers[lower] !== value) {
        problems.push(`${label}: ${lower} is "${String(res.headers[lower])}", not "${value}"`);
      }
    }
  }
  return problems;
}

async function everyKindOfAnswer(h: Harness) {
  const { token } = await signedIn(h);
  return {
    'API success': await send(h, { method: 'GET', url: apiPaths.auth.me, token }),
    'API 401': await send(h, { method: 'GET', url: apiPaths.auth.me }),
    'API 404': await send(h, { method: 'GET', url: '/api/v1/nothing-here' }),
    'API 400': await send(h, { method: 'POST', url: apiPaths.auth.login, body: {} }),
    'a malformed path': await send(h, { method: 'GET', url: '/api/v1/talents/%ED%A0%80' }),
    health: await send(h, { method: 'GET', url: apiPaths.health }),
    'the console page': await send(h, { method: 'GET', url: '/login' }),
    'a console file': await send(h, { method: 'GET', url: '/assets/index-abc123.js' }),
    'the API document': await send(h, { method: 'GET', url: `${apiPaths.docs}/json` }),
  };
}

describeApi(
  'security: headers',
  (h) => {
    it('every kind of answer carries the security headers; no HSTS over plain HTTP', async () => {
      const answers = await everyKindOfAnswer(h());
      const { 'the API document': docs, ...rest } = answers;
      const problems = Object.entries(rest).flatMap(([label, res]) => headerProblems(label, res));
      // The API document's UI sets its own CSP (swagger-ui): framed by this origin at most,
      // and nothing loaded from elsewhere (app.test.ts checks its page).
      const docsCsp = directives(String(docs.headers['content-security-policy']));
      expect(["'self'", "'none'"]).toContain(docsCsp['frame-ancestors']);
      expect(JSON.stringify(docsCsp)).not.toMatch(/https?:\/\//);
      problems.push(
        ...headerProblems('the API document', docs).filter((p) => !p.includes(': CSP ')),
      );
      expect(problems).toEqual([]);
      for (const res of Object.values(answers)) {
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      // The CSP allows no inline or evaluated script anywhere.
      const csp = String(answers['the console page'].headers['content-security-policy']);
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    });

    it('every header of the security map is on every kind of answer (pages and API)', async () => {
      const map = securityHeaders({ publicUrl: 'http://127.0.0.1:3000' });
      expect(Object.keys(map).length).toBeGreaterThanOrEqual(11);
      expect(missingFromMap(await everyKindOfAnswer(h()), map)).toEqual([]);
    });

    it('no CORS headers for any origin when CORS_ORIGINS is empty', async () => {
      const res = await send(h(), {
        method: 'GET',
        url: apiPaths.health,
        headers: { origin: 'https://evil.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { config: { CONSOLE_DIR: consoleDir } },
);

describeApi(
  'security: headers behind HTTPS',
  (h) => {
    it('sends HSTS (180 days, subdomains) on every kind of answer when PUBLIC_URL is HTTPS', async () => {
      const answers = await everyKindOfAnswer(h());
      for (const [label, res] of Object.entries(answers)) {
        expect(res.headers['strict-transport-security'], label).toBe(
          'max-age=15552000; includeSubDomains',
        );
      }
    });

    it('every header of the HTTPS security map is on every kind of answer', async () => {
      const map = securityHeaders({ publicUrl: 'https://console.example.com' });
      expect(map['Strict-Transport-Security']).toBeDefined();
      expect(missingFromMap(await everyKindOfAnswer(h()), map)).toEqual([]);
    });
  },
  { config: { PUBLIC_URL: 'https://console.example.com', CONSOLE_DIR: consoleDir } },
);

const allowed = 'https://allowed.example';
const extensionOrigin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

describeApi(
  'security: CORS allowlist',
  (h) => {
    const preflight = (origin: string, method = 'POST') =>
      send(h(), {
        method: 'OPTIONS',
        url: apiPaths.auth.login,
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type',
        },
      });

    it('a listed origin gets the CORS headers, on the preflight and on the call', async () => {
      for (const origin of [allowed, extensionOrigin]) {
        const pre = await preflight(origin);
        expect(pre.status).toBeLessThan(300);
        expect(pre.headers['access-control-allow-origin']).toBe(origin);
        expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
        expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain(
          'authorization',
        );
        const { token } = await signedIn(h());
        const call = await send(h(), {
          method: 'GET',
          url: apiPaths.auth.me,
          token,
          headers: { origin },
        });
        expect(call.status).toBe(200);
        expect(call.headers['access-control-allow-origin']).toBe(origin);
        expect(String(call.headers.vary)).toMatch(/origin/i);
        // Credentials are never allowed: no other origin's call carries the refresh cookie.
        expect(call.headers['access-control-allow-credentials']).toBeUndefined();
      }
    });

    it('any other origin gets no CORS header: its preflight is refused and its call unreadable', async () => {
      for (const origin of [
        'https://evil.example',
        'https://allowed.example.evil.example',
        'http://allowed.example',
        'https://ALLOWED.example',
        'null',
        'chrome-extension://another-extension-id-aaaaaaaaaaa',
      ]) {
        const pre = await preflight(origin);
        expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(pre.headers['access-control-allow-methods'], origin).toBeUndefined();
        const call = await send(h(), {
          method: 'GET',
          url: apiPaths.health,
          headers: { origin },
        });
        expect(call.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });
  },
  { config: { CORS_ORIGINS: `${allowed}, ${extensionOrigin}` } },
);
