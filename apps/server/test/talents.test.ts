import {
  apiPaths,
  type Page,
  type Talent,
  type TalentFacets,
  type TalentPage,
} from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { describeApi, signedIn } from './support/harness.ts';
import { addTalent, talentBody } from './support/talents.ts';

const paths = apiPaths.talents;

describeApi('talents', (h) => {
  it('adds a talent with every field, reads, edits and deletes it', async () => {
    const { token } = await signedIn(h());
    const body = talentBody({
      platform: 'tiktok',
      platformTalentId: 'lily.wang_01',
      name: '  Lily 王  ',
      shopName: '美妆旗舰店',
      industry: 'beauty',
      labels: ['quality', '直播', '直播'],
      status: 'communicating',
      contactMethod: 'email',
      contactInfo: 'lily@example.com',
      fansCount: 12000,
      videoAvgViews: 3500,
      videoGpmFen: 1250,
      liveAvgViews: 800,
      liveGpmFen: 3000,
      businessAmountFen: 1_580_000,
      dealCount: 120,
      remark: '合作过一次',
      addedAt: '2026-01-31T06:30:00.000Z',
    });
    const created = await h().api.post<Talent>(paths.list, body, { token, lang: 'en-US' });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Created successfully');
    const talent = created.body.data;
    expect(talent).toMatchObject({
      platform: 'tiktok',
      platformTalentId: 'lily.wang_01',
      name: 'Lily 王',
      shopName: '美妆旗舰店',
      industry: 'beauty',
      labels: ['quality', '直播'],
      status: 'communicating',
      statusBeforeBlacklist: null,
      contactMethod: 'email',
      contactInfo: 'lily@example.com',
      fansCount: 12000,
      videoGpmFen: 1250,
      businessAmountFen: 1_580_000,
      dealCount: 120,
      remark: '合作过一次',
      addedAt: '2026-01-31T06:30:00.000Z',
    });
    expect(Date.parse(talent.createdAt)).toBeGreaterThan(Date.parse(talent.addedAt));

    const read = await h().api.get<Talent>(paths.one(talent.id), { token });
    expect(read.body.data).toEqual(talent);

    const edited = await h().api.put<Talent>(
      paths.one(talent.id),
      { ...body, name: 'Lily Wang', status: 'cooperating', contactMethod: null, contactInfo: '' },
      { token, lang: 'en-US' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Updated successfully');
    expect(edited.body.data).toMatchObject({
      name: 'Lily Wang',
      status: 'cooperating',
      contactMethod: null,
      addedAt: '2026-01-31T06:30:00.000Z',
      createdAt: talent.createdAt,
    });
    expect(Date.parse(edited.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(talent.updatedAt),
    );

    const removed = await h().api.delete(paths.one(talent.id), { token, lang: 'en-US' });
    expect(removed.body.message).toBe('Deleted successfully');
    expect((await h().api.get(paths.one(talent.id), { token })).status).toBe(404);
    expect((await h().api.delete(paths.one(talent.id), { token })).status).toBe(404);
  });

  it.each([
    [{ name: '' }, 'Talent name cannot be empty'],
    [{ name: 'n'.repeat(65) }, 'Talent name cannot be longer than 64 characters'],
    [{ platform: 'kuaishou' }, 'Please choose a platform'],
    [
      { platformTalentId: 'has space' },
      'Talent ID may contain only letters, digits and _ . @ -, at most 64 characters',
    ],
    [{ fansCount: -1 }, 'Please enter a whole number of 0 or more'],
    [{ dealCount: 1.5 }, 'Please enter a whole number of 0 or more'],
    [
      { status: 'blacklisted' },
      'This status cannot be set directly; use the blacklist to blacklist a talent',
    ],
    [
      { labels: Array.from({ length: 11 }, (_, i) => `l${i}`) },
      'A talent can have at most 10 labels',
    ],
    [{ contactInfo: 'abc' }, 'Please choose a contact method for the contact info'],
    [{ contactMethod: 'email', contactInfo: 'not-an-email' }, 'Please enter a valid email format'],
  ])('refuses %o', async (change, message) => {
    const { token } = await signedIn(h());
    const res = await h().api.post(
      paths.list,
      { ...talentBody(), ...change },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('keeps one talent per platform and talent ID in an account, naming the existing one', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    const first = await addTalent(h(), a.token, { platformTalentId: 'dy_777', name: '小王' });
    const dup = await h().api.post(
      paths.list,
      talentBody({ platformTalentId: 'dy_777', name: '另一个' }),
      { token: a.token, lang: 'en-US' },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A talent with ID dy_777 already exists on this platform: 小王');
    expect(
      (
        await h().api.post(paths.list, talentBody({ platformTalentId: 'dy_777' }), {
          token: a.token,
        })
      ).body.message,
    ).toBe('该平台已存在达人 ID 为 dy_777 的达人：小王');
    // The same ID on the other platform, or in another account, is another talent.
    await addTalent(h(), a.token, { platformTalentId: 'dy_777', platform: 'tiktok' });
    await addTalent(h(), b.token, { platformTalentId: 'dy_777' });
    // Editing another talent onto the taken identity is refused too.
    const other = await addTalent(h(), a.token, { platformTalentId: 'dy_888' });
    const clash = await h().api.put(
      paths.one(other.id),
      talentBody({ platformTalentId: 'dy_777', name: other.name }),
      { token: a.token, lang: 'en-US' },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('小王');
    expect(
      (await h().api.get<Talent>(paths.one(first.id), { token: a.token })).body.data.name,
    ).toBe('小王');
  });

  // Issue 16: a talent carries a typed platform identity.
  it('keeps a TikTok talent as its handle and open id, checked by TikTok’s rules', async () => {
    const { token } = await signedIn(h());
    const openId = 'uACafQAAAABmUU2qon4R0vUYvUVS3QC6CICP2m5A2-wd77j8R9G0yg';
    const created = await h().api.post<Talent>(
      paths.list,
      talentBody({ platform: 'tiktok', platformTalentId: '@lily.chen', creatorUserOpenId: openId }),
      { token },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      platformTalentId: 'lily.chen',
      identity: { platform: 'tiktok', handle: 'lily.chen', creatorUserOpenId: openId },
    });
    // Without an open id (resolved by handle later), and a Douyin talent's own fields.
    const bare = await addTalent(h(), token, { platform: 'tiktok', platformTalentId: 'bare_01' });
    expect(bare.identity).toEqual({
      platform: 'tiktok',
      handle: 'bare_01',
      creatorUserOpenId: null,
    });
    const douyin = await addTalent(h(), token, {
      platform: 'douyin',
      platformTalentId: 'dy_01',
      buyinId: '7012345678',
      buyinUid: 'v2_0a2d',
      // Another platform's field is not kept.
      creatorUserOpenId: openId,
    });
    expect(douyin.identity).toEqual({
      platform: 'douyin',
      talentId: 'dy_01',
      buyinId: '7012345678',
      uid: 'v2_0a2d',
    });
    // An edit can add the open id to a handle, and keeps it through an edit that leaves it.
    const edited = await h().api.put<Talent>(
      paths.one(bare.id),
      talentBody({
        platform: 'tiktok',
        platformTalentId: 'bare_01',
        name: bare.name,
        creatorUserOpenId: 'uACafQ_second_open_id',
      }),
      { token },
    );
    expect(edited.body.data.identity).toMatchObject({ creatorUserOpenId: 'uACafQ_second_open_id' });
    // The handle is the talent's key: the list finds it with or without its @.
    for (const name of ['@lily', 'lily.ch', 'LILY.CHEN']) {
      const found = await h().api.get<TalentPage>(paths.list, { token, query: { name } });
      expect(
        found.body.data.list.map((t) => t.platformTalentId),
        name,
      ).toEqual(['lily.chen']);
    }
  });

  it.each([
    [
      { platformTalentId: 'lily-chen' },
      'A TikTok username may contain only letters, digits, underscores and periods, and cannot end with a period',
      'TikTok 用户名只能包含字母、数字、下划线和点，且不能以点结尾',
    ],
    [
      { platformTalentId: 'lily.' },
      'A TikTok username may contain only letters, digits, underscores and periods, and cannot end with a period',
      'TikTok 用户名只能包含字母、数字、下划线和点，且不能以点结尾',
    ],
    [
      { platformTalentId: 'x'.repeat(25) },
      'A TikTok username has 2 to 24 characters (without the @)',
      'TikTok 用户名为 2-24 个字符（不含 @）',
    ],
    [
      { creatorUserOpenId: 'open id?' },
      'The TikTok open ID is not valid: 8 to 128 letters, digits, _ or -',
      'TikTok Open ID 格式不正确：应为 8-128 位字母、数字、_ 或 -',
    ],
  ])('refuses a TikTok talent with %o, in both languages', async (change, en, zh) => {
    const { token } = await signedIn(h());
    const body = {
      ...talentBody({ platform: 'tiktok', platformTalentId: 'ok_handle' }),
      ...change,
    };
    const english = await h().api.post(paths.list, body, { token, lang: 'en-US' });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe(en);
    const chinese = await h().api.post(paths.list, body, { token });
    expect(chinese.body.message).toBe(zh);
  });

  it('keeps one talent per open id and per 百应ID in an account, naming the one that has it', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    const openId = 'uACafQ_shared_open_id';
    await addTalent(h(), a.token, {
      platform: 'tiktok',
      platformTalentId: 'first_handle',
      name: '第一位',
      creatorUserOpenId: openId,
    });
    const dup = await h().api.post(
      paths.list,
      talentBody({
        platform: 'tiktok',
        platformTalentId: 'renamed_handle',
        creatorUserOpenId: openId,
      }),
      { token: a.token, lang: 'en-US' },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(
      'This TikTok open ID already belongs to the talent 第一位 (@first_handle)',
    );
    // The same handle with its @ is the same talent.
    const sameHandle = await h().api.post(
      paths.list,
      talentBody({ platform: 'tiktok', platformTalentId: '@first_handle' }),
      { token: a.token },
    );
    expect(sameHandle.status).toBe(409);
    expect(sameHandle.body.message).toBe('该平台已存在达人 ID 为 first_handle 的达人：第一位');
    // Editing another talent onto the open id is refused too; another account may hold it.
    const other = await addTalent(h(), a.token, {
      platform: 'tiktok',
      platformTalentId: 'other_1',
    });
    const clash = await h().api.put(
      paths.one(other.id),
      talentBody({ platform: 'tiktok', platformTalentId: 'other_1', creatorUserOpenId: openId }),
      { token: a.token },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('该 TikTok Open ID 已属于达人 第一位（@first_handle）');
    await addTalent(h(), b.token, {
      platform: 'tiktok',
      platformTalentId: 'first_handle',
      creatorUserOpenId: openId,
    });
    // A 百应ID likewise.
    await addTalent(h(), a.token, { platformTalentId: 'dy_a', name: '抖音甲', buyinId: '7001' });
    const buyin = await h().api.post(
      paths.list,
      talentBody({ platformTalentId: 'dy_b', buyinId: '7001' }),
      { token: a.token, lang: 'en-US' },
    );
    expect(buyin.status).toBe(409);
    expect(buyin.body.message).toBe('This Buyin ID already belongs to the talent 抖音甲 (dy_a)');
  });

  it("answers 404 for another seller's talent and changes nothing", async () => {
    const owner = await signedIn(h());
    const stranger = await signedIn(h());
    const mine = await addTalent(h(), owner.token, { name: '我的达人', remark: 'keep' });
    const opts = { token: stranger.token };
    expect((await h().api.get(paths.one(mine.id), opts)).status).toBe(404);
    const put = await h().api.put(paths.one(mine.id), talentBody({ name: 'stolen' }), opts);
    expect(put.status).toBe(404);
    expect((await h().api.delete(paths.one(mine.id), opts)).status).toBe(404);
    expect((await h().api.get(paths.followUps(mine.id), opts)).status).toBe(404);
    expect((await h().api.post(paths.followUps(mine.id), { content: 'x' }, opts)).status).toBe(404);
    const list = await h().api.get<TalentPage>(paths.list, opts);
    expect(list.body.data.list).toEqual([]);
    expect((await h().api.get<{ total: number }>(paths.count, opts)).body.data.total).toBe(0);
    const kept = await h().api.get<Talent>(paths.one(mine.id), { token: owner.token });
    expect(kept.body.data).toMatchObject({ name: '我的达人', remark: 'keep' });
  });

  it('offers the shop names in use and the seller’s own labels as filter choices', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    await addTalent(h(), a.token, { shopName: '旗舰店B', labels: ['quality', '直播'] });
    await addTalent(h(), a.token, { shopName: 'Apple Shop', labels: ['top', '种草'] });
    await addTalent(h(), a.token, { shopName: '旗舰店B' });
    await addTalent(h(), a.token, { shopName: '' });
    await addTalent(h(), b.token, { shopName: 'Theirs', labels: ['别人的'] });
    const facets = await h().api.get<TalentFacets>(paths.facets, { token: a.token });
    expect(facets.status).toBe(200);
    expect([...facets.body.data.shopNames].sort()).toEqual(['Apple Shop', '旗舰店B'].sort());
    expect(facets.body.data.shopNames).toHaveLength(2);
    expect([...facets.body.data.labels].sort()).toEqual(['直播', '种草'].sort());
    // No synced business amount yet: no currency but the seller's own (CNY, not listed).
    expect(facets.body.data.currencies).toEqual([]);
    // Amounts the platform's orders set (issue 19): their currencies, each once, in order.
    const synced = (id: number, currency: string) =>
      h().database.handle.query(
        `update talents set figures_currency = $2, figures_synced_at = now() where id = $1`,
        [id, currency],
      );
    const usd = await addTalent(h(), a.token, { shopName: '' });
    const gbp = await addTalent(h(), a.token, { shopName: '' });
    const usd2 = await addTalent(h(), a.token, { shopName: '' });
    const theirUsd = await addTalent(h(), b.token, { shopName: '' });
    for (const [id, currency] of [
      [usd.id, 'USD'],
      [gbp.id, 'GBP'],
      [usd2.id, 'USD'],
      [theirUsd.id, 'EUR'],
    ] as const) {
      await synced(id, currency);
    }
    const withCurrencies = await h().api.get<TalentFacets>(paths.facets, { token: a.token });
    expect(withCurrencies.body.data.currencies).toEqual(['GBP', 'USD']);
    // Labels written by an edit are remembered too.
    const t = await addTalent(h(), b.token, { labels: [] });
    await h().api.put(
      paths.one(t.id),
      { ...talentBody(), platformTalentId: t.platformTalentId, name: t.name, labels: ['新标签'] },
      { token: b.token },
    );
    const theirs = await h().api.get<TalentFacets>(paths.facets, { token: b.token });
    expect([...theirs.body.data.labels].sort()).toEqual(['别人的', '新标签'].sort());
  });

  it('lists follow-ups only for existing talents and pages them', async () => {
    const { token } = await signedIn(h());
    const t = await addTalent(h(), token);
    const list = await h().api.get<Page<unknown>>(paths.followUps(t.id), { token });
    expect(list.body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    expect((await h().api.get(paths.followUps(999_999), { token })).status).toBe(404);
  });

  it('refuses every talent and blacklist call without a session, except the template and download', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', paths.list],
      ['GET', paths.count],
      ['GET', paths.facets],
      ['GET', paths.one(1)],
      ['POST', paths.list, talentBody()],
      ['PUT', paths.one(1), talentBody()],
      ['DELETE', paths.one(1)],
      ['POST', paths.batchStatus, { ids: [1], status: 'active' }],
      ['POST', paths.batchLabels, { ids: [1], labels: ['x'], mode: 'add' }],
      ['POST', paths.batchBlacklist, { ids: [1], reason: 'x' }],
      ['GET', paths.followUps(1)],
      ['POST', paths.followUps(1), { content: 'x' }],
      ['POST', paths.import, {}],
      ['POST', paths.exports, { format: 'csv' }],
      ['GET', paths.exportProgress('abc')],
      ['GET', apiPaths.blacklist.list],
      ['POST', apiPaths.blacklist.list, {}],
      ['DELETE', apiPaths.blacklist.one(1)],
    ];
    for (const [method, url, body] of calls) {
      const res = await h().api.call(method as 'GET', url, { body, lang: 'en-US' });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.message).toBe('Your login state has expired, please log in again');
    }
    const template = await h().app.inject({ method: 'GET', url: paths.importTemplate });
    expect(template.statusCode).toBe(200);
    const download = await h().api.get(paths.exportDownload('nope.1.abc'), { lang: 'en-US' });
    expect(download.status).toBe(404);
    expect(download.body.message).toBe(
      'The download link is invalid or has expired; please export again',
    );
  });

  it('documents every talent and blacklist path in the OpenAPI document', async () => {
    const doc = await h().app.inject({ method: 'GET', url: `${apiPaths.docs}/json` });
    const spec = doc.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ name: string }>;
            requestBody?: { content: Record<string, unknown> };
            responses: Record<string, { content?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const expected: Array<[string, string]> = [
      ['/api/v1/talents', 'get'],
      ['/api/v1/talents', 'post'],
      ['/api/v1/talents/count', 'get'],
      ['/api/v1/talents/facets', 'get'],
      ['/api/v1/talents/{id}', 'get'],
      ['/api/v1/talents/{id}', 'put'],
      ['/api/v1/talents/{id}', 'delete'],
      ['/api/v1/talents/batch/status', 'post'],
      ['/api/v1/talents/batch/labels', 'post'],
      ['/api/v1/talents/batch/blacklist', 'post'],
      ['/api/v1/talents/{id}/follow-ups', 'get'],
      ['/api/v1/talents/{id}/follow-ups', 'post'],
      ['/api/v1/talents/import-template', 'get'],
      ['/api/v1/talents/import', 'post'],
      ['/api/v1/talents/exports', 'post'],
      ['/api/v1/talents/exports/{exportId}', 'get'],
      ['/api/v1/talents/exports/download/{token}', 'get'],
      ['/api/v1/blacklist', 'get'],
      ['/api/v1/blacklist', 'post'],
      ['/api/v1/blacklist/{id}', 'delete'],
    ];
    for (const [path, method] of expected) {
      expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const list = spec.paths['/api/v1/talents']!.get!;
    expect(list.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'offset', 'fromEnd', 'name', 'fansMin', 'updatedTo']),
    );
    expect(Object.keys(spec.paths['/api/v1/talents/import']!.post!.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
    for (const path of [
      '/api/v1/talents/import-template',
      '/api/v1/talents/exports/download/{token}',
    ]) {
      expect(Object.keys(spec.paths[path]!.get!.responses['200']!.content!)).toEqual([
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/csv',
      ]);
    }
  });
});
