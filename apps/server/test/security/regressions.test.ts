import { apiPaths } from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { talents } from '../../src/db/schema.ts';
import { describeApi } from '../support/harness.ts';
import { csvFile } from '../support/talents.ts';
import { envelopeProblem, send } from './support/send.ts';
import { changedTables, wholeDatabase } from './support/snapshot.ts';
import { makeWorld } from './support/world.ts';

/**
 * One test per server bug the fuzzing found, with the input that found it: each of them
 * answered 500 (or a bare Fastify error instead of the envelope) before its fix.
 */
describeApi('security: regressions found by fuzzing', (h) => {
  it('a NUL in a query, a path or a body is refused naming the field (PostgreSQL failed with 500)', async () => {
    const w = await makeWorld(h());
    const token = w.a.account.token;
    const before = await wholeDatabase(h().app.db);
    const cases = [
      {
        url: apiPaths.templates.products,
        method: 'GET' as const,
        query: { keyword: 'a\u0000b' },
        field: 'Keyword',
      },
      {
        url: apiPaths.membership.cancel('a\u0000b'),
        method: 'POST' as const,
        field: 'Order number',
      },
      {
        url: apiPaths.talents.list,
        method: 'POST' as const,
        body: { platform: 'douyin', platformTalentId: 'nul_1', name: 'a\u0000b' },
        field: 'Talent name',
      },
    ];
    for (const { field, ...request } of cases) {
      const res = await send(h(), { ...request, token, lang: 'en-US' });
      expect(res.status, request.url).toBe(400);
      expect(envelopeProblem(res, 'en-US')).toBeNull();
      expect((res.json as { message: string }).message).toBe(`${field} is invalid`);
    }
    const zh = await send(h(), { ...cases[0]!, token, lang: 'zh-CN' });
    expect((zh.json as { message: string }).message).toBe('关键词的值无效');
    expect(changedTables(before, await wholeDatabase(h().app.db))).toEqual([]);
  });

  it('a lone surrogate (not Unicode) is refused, not stored as U+FFFD', async () => {
    const w = await makeWorld(h());
    const res = await send(h(), {
      method: 'POST',
      url: apiPaths.templates.scripts,
      token: w.a.account.token,
      body: { content: 'hello \uD800 world' },
      lang: 'en-US',
    });
    expect(res.status).toBe(400);
    expect(envelopeProblem(res, 'en-US')).toBeNull();
    // A well-formed pair (an emoji, a rare CJK character) is text like any other.
    const ok = await send(h(), {
      method: 'POST',
      url: apiPaths.templates.scripts,
      token: w.a.account.token,
      body: { content: 'hello 👩‍👩‍👧‍👦 𠀀' },
    });
    expect(ok.status).toBe(200);
    expect((ok.json as { data: { content: string } }).data.content).toBe('hello 👩‍👩‍👧‍👦 𠀀');
  });

  it('a path that is not valid percent-encoding, or an over-long id, answers the envelope', async () => {
    for (const [url, status, message] of [
      ['/api/v1/templates/scripts/%ED%A0%80', 400, 'The request is malformed'],
      ['/api/v1/nothing/%E0%A4%A', 400, 'The request is malformed'],
      [`/api/v1/talents/${'1'.repeat(300)}`, 414, 'The request is too large'],
    ] as const) {
      const res = await send(h(), { method: 'GET', url, lang: 'en-US' });
      expect(res.status, url).toBe(status);
      expect(envelopeProblem(res, 'en-US')).toBeNull();
      expect((res.json as { message: string }).message).toBe(message);
    }
    const zh = await send(h(), { method: 'GET', url: '/api/v1/talents/%ED%A0%80' });
    expect((zh.json as { message: string }).message).toBe('请求格式不正确');
  });

  it('template ids beyond the 32-bit column are refused by validation (the int cast failed with 500)', async () => {
    const w = await makeWorld(h());
    const token = w.a.account.token;
    const task = {
      shopId: w.bShop.id,
      taskType: 'free_product',
      contentType: 'image_text',
      filterType: 'manual',
      script: 'hi {talentName}',
      setName: 'overflow',
    };
    const bTask = { ...task, talentIds: [w.bTalent.id] };
    for (const extra of [{ productTemplateIds: [2 ** 31] }, { scriptTemplateId: 2 ** 31 }]) {
      const res = await send(h(), {
        method: 'POST',
        url: apiPaths.sendRecords.list,
        token: w.b.account.token,
        body: { ...bTask, ...extra },
        lang: 'en-US',
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(envelopeProblem(res, 'en-US')).toBeNull();
    }
    const imported = await send(h(), {
      method: 'POST',
      url: apiPaths.sendRecords.import,
      token,
      lang: 'en-US',
      multipart: {
        fields: {
          shopId: String(w.seeded.record.shopId),
          taskType: 'free_product',
          contentType: 'image_text',
          script: 'hi',
          setName: 'overflow',
          productTemplateIds: '2147483648',
        },
        file: {
          content: csvFile([
            ['Talent ID', 'Talent name', 'Platform'],
            ['t1', 'T', 'douyin'],
          ]),
          filename: 'talents.csv',
        },
      },
    });
    expect(imported.status).toBe(400);
    expect(envelopeProblem(imported, 'en-US')).toBeNull();
  });

  it('an import whose cells or fields hold a NUL does not fail the request', async () => {
    const w = await makeWorld(h());
    const token = w.a.account.token;
    // The format is sniffed from the first 4 KB (a NUL there: not a CSV); these come later.
    const file = csvFile([
      ['Talent ID', 'Talent name', 'Platform'],
      [`${'a'.repeat(5000)}\u0000`, 'too long an id', 'douyin'],
      ['nul_cell_1', 'Na\u0000me', 'douyin'],
    ]);
    const res = await send(h(), {
      method: 'POST',
      url: apiPaths.talents.import,
      token,
      lang: 'en-US',
      multipart: { fields: {}, file: { content: file, filename: 'talents.csv' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ data: { accepted: 1, rejected: 1 } });
    const [row] = await h()
      .app.db.select({ name: talents.name })
      .from(talents)
      .where(eq(talents.platformTalentId, 'nul_cell_1'));
    expect(row?.name).toBe('Name');
    // A NUL in a form field of the send record import is refused like one in JSON.
    const fields = await send(h(), {
      method: 'POST',
      url: apiPaths.sendRecords.import,
      token,
      lang: 'en-US',
      multipart: {
        fields: {
          shopId: String(w.seeded.record.shopId),
          taskType: 'free_product',
          contentType: 'image_text',
          script: 'hi\u0000',
          setName: 'nul',
        },
        file: { content: csvFile([['Talent ID', 'Talent name', 'Platform']]), filename: 'x.csv' },
      },
    });
    expect(fields.status).toBe(400);
    expect((fields.json as { message: string }).message).toBe('Script is invalid');
  });
});
