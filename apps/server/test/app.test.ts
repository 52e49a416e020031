import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, menuTree, type MenuNode } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { describeApi, signedIn } from './support/harness.ts';

describeApi('the app', (h) => {
  it('reports health', async () => {
    const res = await h().api.get<{ status: string; database: string }>(apiPaths.health);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: h().kind, redis: 'none' });
  });

  it('answers unknown API paths with the 404 envelope, in zh-CN by default', async () => {
    const zh = await h().api.get('/api/v1/nothing-here');
    expect(zh.status).toBe(404);
    expect(zh.body).toMatchObject({ success: false, code: 404, message: '接口不存在', data: null });
    expect(typeof zh.body.timestamp).toBe('number');
    const en = await h().api.get('/api/v1/nothing-here', { lang: 'en-GB,en;q=0.8' });
    expect(en.body.message).toBe('API not found');
  });

  it('answers malformed and oversized bodies with a clear envelope', async () => {
    const malformed = await h().app.inject({
      method: 'POST',
      url: apiPaths.auth.login,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: '{"username": "a", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      success: false,
      code: 400,
      message: 'The request is malformed',
    });
    const huge = await h().app.inject({
      method: 'POST',
      url: apiPaths.auth.login,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413, message: 'The request is too large' });
    const array = await h().api.post(apiPaths.auth.login, [1, 2, 3], { lang: 'en-US' });
    expect(array.status).toBe(400);
    expect(array.body.success).toBe(false);
  });

  it('serves the OpenAPI document generated from the contract, and its UI', async () => {
    const doc = await h().app.inject({ method: 'GET', url: `${apiPaths.docs}/json` });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(spec.openapi).toBe('3.1.0');
    for (const p of [
      apiPaths.auth.login,
      apiPaths.auth.register,
      apiPaths.user.profile,
      apiPaths.templates.scripts,
      '/api/v1/templates/products/{id}',
      apiPaths.membership.plans,
      apiPaths.membership.purchase,
      '/api/v1/membership/orders/{orderNo}',
      apiPaths.payments.alipayNotify,
      apiPaths.messages.summary,
      apiPaths.invite.invitees,
    ]) {
      expect(Object.keys(spec.paths)).toContain(p);
    }
    expect(JSON.stringify(spec.paths[apiPaths.auth.register]?.post?.requestBody)).toContain(
      'confirmPassword',
    );
    const ui = await h().app.inject({ method: 'GET', url: `${apiPaths.docs}/` });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    // The docs page talks to nobody but this server.
    const page = await h().app.inject({ method: 'GET', url: `${apiPaths.docs}/static/index.html` });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toMatch(/validator\.swagger\.io|https:\/\//);
    expect(csp).toContain("script-src 'self'");
  });

  it('answers the menu for the signed-in user in the spec order', async () => {
    const { token } = await signedIn(h());
    const res = await h().api.get<MenuNode[]>(apiPaths.menu, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((n) => n.key)).toEqual(menuTree.map((n) => n.key));
    expect(res.body.data.map((n) => n.icon)).toEqual([
      'send',
      'file',
      'apps',
      'user-group',
      'fire',
      'user',
      'gift',
      'question',
    ]);
    // The pages reached from elsewhere (payment return, message center) are routes, not entries.
    const children = res.body.data.flatMap((n) => n.children ?? []);
    expect(children.filter((n) => n.hideInMenu).map((n) => [n.key, n.path])).toEqual([
      ['membership/result', '/membership/result'],
      ['user/change-password', '/user/change-password'],
      ['user/messages', '/user/messages'],
    ]);
    expect((await h().api.get(apiPaths.menu)).status).toBe(401);
  });
});

// Security headers, HSTS and the CORS allowlist: test/security/headers.test.ts.

const consoleDir = mkdtempSync(path.join(tmpdir(), 'inviteflow-console-'));
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>InviteFlow</title>');
mkdirSync(path.join(consoleDir, 'assets'));
writeFileSync(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');

describeApi(
  'console hosting',
  (h) => {
    it('serves the built console with history fallback', async () => {
      for (const url of ['/', '/login', '/sent/search-table', '/template/script?page=2']) {
        const res = await h().app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<title>InviteFlow</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await h().app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it('keeps JSON 404s for the API and for non-GET requests', async () => {
      // However the path is spelled: the router decodes `%61` to `a`, so does the fallback.
      for (const url of ['/api/v1/unknown', '/%61pi/v1/unknown', '/api%2Fv1']) {
        const api = await h().app.inject({ method: 'GET', url });
        expect(api.statusCode).toBe(404);
        expect(api.json()).toMatchObject({ success: false, code: 404 });
      }
      const post = await h().app.inject({ method: 'POST', url: '/somewhere' });
      expect(post.statusCode).toBe(404);
    });
  },
  { config: { CONSOLE_DIR: consoleDir } },
);
