import {
  INVITE_COOLDOWN_DAYS,
  apiPaths,
  type BrowserClaimData,
  type CountData,
  type SendPreviewData,
  type SendRecord,
  type SendRecordPage,
  type SendStats,
  type SendTaskBody,
  type SendTaskResult,
  type TalentPage,
} from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { invitationTasks, sendRecords, shops } from '../src/db/schema.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, createTask, grantPlan, makeTemplates, taskBody } from './support/sending.ts';
import { addTalent, seedTalents } from './support/talents.ts';

const paths = apiPaths.sendRecords;
const DAY_MS = 86_400_000;

async function records(h: Harness, token: string, query: Record<string, string | number> = {}) {
  const res = await h.api.get<SendRecordPage>(paths.list, { token, query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

/** A seller with a bound TikTok shop, two product templates and a script template. */
async function tiktokSeller(h: Harness) {
  const account = await signedIn(h);
  const shop = await bindNewShop(h, account.token, {
    platform: 'tiktok',
    shopName: 'TikTok 美国店',
    siteName: '美国站',
  });
  const templates = await makeTemplates(
    h,
    account.token,
    'Hi {talentName}, {shopName} invites you',
  );
  return { ...account, shop, ...templates };
}

/** A target collaboration's terms for these product templates (12.50 % and 8.00 %). */
function collaboration(productIds: number[]) {
  return {
    collaborationName: '春季定向合作',
    endsAt: new Date(Date.now() + 14 * DAY_MS).toISOString(),
    commissionRates: Object.fromEntries(productIds.map((id, i) => [String(id), i ? 800 : 1250])),
    contactEmail: 'bd@example.com',
    productTemplateIds: productIds,
  };
}

async function taskTerms(h: Harness, taskId: number) {
  const [task] = await h.app.db
    .select({ platformTerms: invitationTasks.platformTerms })
    .from(invitationTasks)
    .where(eq(invitationTasks.id, taskId));
  return task?.platformTerms;
}

async function seller(h: Harness) {
  const account = await signedIn(h);
  const shop = await bindNewShop(h, account.token, { shopName: '美妆旗舰店' });
  return { ...account, shop };
}

describeApi('send records', (h) => {
  it('creates a task from picked talents: one pending record each, the script filled for each', async () => {
    const { token, shop } = await seller(h());
    const a = await addTalent(h(), token, { name: '小鹿' });
    const b = await addTalent(h(), token, { name: 'Luna' });
    const { scriptId, productIds } = await makeTemplates(
      h(),
      token,
      '你好 {达人名称}，{shopName} 邀请你：{productNames}',
    );
    const res = await h().api.post<SendTaskResult>(
      paths.list,
      taskBody(shop.id, {
        talentIds: [a.id, b.id],
        scriptTemplateId: scriptId,
        script: '你好 {达人名称}，{shopName} 邀请你：{productNames}',
        productTemplateIds: productIds,
        setName: '春季新品',
      }),
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 send records created');
    expect(res.body.data).toMatchObject({
      created: 2,
      blacklisted: [],
      blacklistedCount: 0,
      skippedCooldownCount: 0,
      remainingToday: 18,
    });
    const page = await records(h(), token);
    expect(page.list).toHaveLength(2);
    const byName = new Map(page.list.map((r) => [r.talentName, r]));
    expect(byName.get('小鹿')).toMatchObject({
      status: 'pending',
      shopId: shop.id,
      shopName: '美妆旗舰店',
      talentId: a.id,
      taskType: 'free_product',
      contentType: 'vertical_video',
      filterType: 'manual',
      setName: '春季新品',
      message: '你好 小鹿，美妆旗舰店 邀请你：玻尿酸面膜、防晒喷雾',
      products: [
        { productId: 'P-100', productName: '玻尿酸面膜' },
        { productId: 'P-200', productName: '防晒喷雾' },
      ],
      errorCode: null,
      attempts: 0,
      taskId: res.body.data.taskId,
    });
    expect(byName.get('Luna')?.message).toBe('你好 Luna，美妆旗舰店 邀请你：玻尿酸面膜、防晒喷雾');
  });

  it('creates a task from rules, previewing how many talents match', async () => {
    const { token, tokens, shop } = await seller(h());
    await seedTalents(h(), tokens.user.id, [
      { name: '大号一', fansCount: 120_000 },
      { name: '大号二', fansCount: 80_000 },
      { name: '小号', fansCount: 900 },
      { name: '大号三', fansCount: 50_000, platform: 'tiktok' },
    ]);
    const rules = { fansMin: 50_000, platform: 'douyin' as const };
    const preview = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'free_connection', filterType: 'rules', rules },
      { token },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      matched: 2,
      blacklistedCount: 0,
      cooldownCount: 0,
      willCreate: { skip: 2, include: 2 },
      dailyCap: 20,
      usedToday: 0,
      remainingToday: 20,
    });
    expect(preview.body.data.sample?.name).toMatch(/^大号/);
    const made = await createTask(
      h(),
      token,
      taskBody(shop.id, { taskType: 'free_connection', filterType: 'rules', rules }),
    );
    expect(made.created).toBe(2);
    const page = await records(h(), token, { filterType: 'rules' });
    expect(page.list.map((r) => r.talentName).sort()).toEqual(['大号一', '大号二']);
    // At most maxCount of the matches; no rule at all is the whole library.
    const capped = await createTask(
      h(),
      token,
      taskBody(shop.id, { filterType: 'rules', maxCount: 3, taskType: 'targeted_product' }),
    );
    expect(capped.created).toBe(3);
  });

  it('refuses blacklisted talents and lists them; nothing left to invite is a clear refusal', async () => {
    const { token, shop } = await seller(h());
    const ok = await addTalent(h(), token, { name: '正常达人' });
    const bad = await addTalent(h(), token, { name: '黑名单达人', platformTalentId: 'bad_01' });
    const listed = await h().api.post(
      apiPaths.blacklist.list,
      { talentName: '黑名单达人', platformTalentId: 'bad_01', fansCount: 10, reason: '爽约' },
      { token },
    );
    expect(listed.status).toBe(200);
    const preview = await h().api.post<SendPreviewData>(
      paths.preview,
      {
        shopId: shop.id,
        taskType: 'free_product',
        filterType: 'manual',
        talentIds: [ok.id, bad.id],
      },
      { token },
    );
    expect(preview.body.data.blacklisted.map((t) => t.name)).toEqual(['黑名单达人']);
    expect(preview.body.data.willCreate).toEqual({ skip: 1, include: 1 });

    const made = await createTask(h(), token, taskBody(shop.id, { talentIds: [ok.id, bad.id] }));
    expect(made.created).toBe(1);
    expect(made.blacklisted).toEqual([
      { id: bad.id, name: '黑名单达人', platform: 'douyin', platformTalentId: 'bad_01' },
    ]);
    expect(made.blacklistedCount).toBe(1);
    expect((await records(h(), token)).list.map((r) => r.talentName)).toEqual(['正常达人']);

    const none = await h().api.post(paths.list, taskBody(shop.id, { talentIds: [bad.id] }), {
      token,
      lang: 'en-US',
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('No talent left to invite: the talent is blacklisted');
  });

  // Issue 20 #1: the tier the talent list shows (优质), its English name and its key all
  // pick the same talents, in the preview, the create and the talent list alike.
  it('matches a tier label by its key or its shown name in either language', async () => {
    const { token, tokens, shop } = await seller(h());
    await seedTalents(h(), tokens.user.id, [
      { name: '优质一', labels: ['quality'] },
      { name: '优质二', labels: ['quality', '宝妈'] },
      { name: '新人', labels: ['newbie'] },
      { name: '无标签' },
    ]);
    for (const label of ['quality', '优质', 'Quality', ' QUALITY ']) {
      const preview = await h().api.post<SendPreviewData>(
        paths.preview,
        { shopId: shop.id, taskType: 'free_product', filterType: 'rules', rules: { label } },
        { token },
      );
      expect(preview.status, label).toBe(200);
      expect(preview.body.data.matched, label).toBe(2);
      const listed = await h().api.get<TalentPage>(apiPaths.talents.list, {
        token,
        query: { label },
      });
      expect(listed.body.data.list.map((t) => t.name).sort(), label).toEqual(['优质一', '优质二']);
    }
    // A seller's own label is matched as written.
    const own = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'free_product', filterType: 'rules', rules: { label: '宝妈' } },
      { token },
    );
    expect(own.body.data.matched).toBe(1);
    const made = await createTask(
      h(),
      token,
      taskBody(shop.id, { filterType: 'rules', rules: { label: '优质' } }),
    );
    expect(made.created).toBe(2);
  });

  // Issue 20 #1: a create that would invite nobody says why, in both languages.
  it('names the real cause when a task would invite nobody', async () => {
    const { token, shop } = await seller(h());
    const a = await addTalent(h(), token, { name: '甲', labels: ['top'] });
    const b = await addTalent(h(), token, {
      name: '乙',
      labels: ['top'],
      platformTalentId: 'bl_b',
    });
    const refused = async (body: SendTaskBody) => {
      const en = await h().api.post(paths.list, body, { token, lang: 'en-US' });
      const zh = await h().api.post(paths.list, body, { token, lang: 'zh-CN' });
      expect(en.status).toBe(422);
      expect(zh.status).toBe(422);
      return [en.body.message, zh.body.message];
    };
    // Rules that match nothing: not a word about the blacklist or the cool-down.
    expect(
      await refused(taskBody(shop.id, { filterType: 'rules', rules: { label: 'tail' } })),
    ).toEqual([
      'No talent matches these rules: widen them and try again',
      '没有达人符合这些筛选规则，请放宽规则后再试',
    ]);
    const preview = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'free_product', filterType: 'rules', rules: { label: 'tail' } },
      { token },
    );
    expect(preview.body.data).toMatchObject({ matched: 0, willCreate: { skip: 0, include: 0 } });

    // Every match invited within the cool-down, skipped.
    await createTask(h(), token, taskBody(shop.id, { talentIds: [a.id, b.id] }));
    const rules = taskBody(shop.id, { filterType: 'rules', rules: { label: 'top' } });
    expect(await refused(rules)).toEqual([
      'No talent left to invite: all 2 talents were invited for this shop and task type within 7 days and skipped. To invite them again, choose “Invite them anyway”',
      '没有可邀约的达人：全部 2 位达人 7 天内都已在该店铺以相同任务类型邀约过，已跳过。如仍要邀约，请选择“仍然邀约”',
    ]);

    // One blacklisted, the other cooling down.
    await h().api.post(
      apiPaths.blacklist.list,
      { talentName: '乙', platformTalentId: 'bl_b', fansCount: 0, reason: '爽约' },
      { token },
    );
    expect(await refused(rules)).toEqual([
      'No talent left to invite: 1 blacklisted, 1 invited for this shop and task type within 7 days (skipped)',
      '没有可邀约的达人：1 位在黑名单中，1 位 7 天内已在该店铺以相同任务类型邀约过（已跳过）',
    ]);

    // Every match blacklisted: the cool-down is not named even when chosen to include.
    expect(await refused(taskBody(shop.id, { talentIds: [b.id], cooldown: 'include' }))).toEqual([
      'No talent left to invite: the talent is blacklisted',
      '没有可邀约的达人：全部 1 位达人都在黑名单中，不能邀约',
    ]);
    // Including the cool-down invites the one left.
    const included = await createTask(h(), token, { ...rules, cooldown: 'include' });
    expect(included).toMatchObject({ created: 1, blacklistedCount: 1 });
  });

  it('flags talents invited for the same shop and task within the cool-down; the seller skips or includes them', async () => {
    const { token, shop } = await seller(h());
    const a = await addTalent(h(), token, { name: '老朋友' });
    const b = await addTalent(h(), token, { name: '新朋友' });
    await createTask(h(), token, taskBody(shop.id, { talentIds: [a.id] }));

    const preview = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'free_product', filterType: 'manual', talentIds: [a.id, b.id] },
      { token },
    );
    expect(preview.body.data.cooldown.map((t) => t.name)).toEqual(['老朋友']);
    expect(Date.parse(preview.body.data.cooldown[0]!.lastInvitedAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(preview.body.data.willCreate).toEqual({ skip: 1, include: 2 });

    const skipped = await createTask(h(), token, taskBody(shop.id, { talentIds: [a.id, b.id] }));
    expect(skipped).toMatchObject({ created: 1, skippedCooldownCount: 1 });
    expect(skipped.skippedCooldown.map((t) => t.name)).toEqual(['老朋友']);
    const included = await createTask(
      h(),
      token,
      taskBody(shop.id, { talentIds: [a.id], cooldown: 'include' }),
    );
    expect(included).toMatchObject({ created: 1, skippedCooldownCount: 0 });

    // Another task type is another invitation; records older than the cool-down do not count.
    const other = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'targeted_product', filterType: 'manual', talentIds: [a.id] },
      { token },
    );
    expect(other.body.data.cooldownCount).toBe(0);
    await h()
      .app.db.update(sendRecords)
      .set({ createdAt: new Date(Date.now() - (INVITE_COOLDOWN_DAYS * DAY_MS + 60_000)) });
    const aged = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'free_product', filterType: 'manual', talentIds: [a.id, b.id] },
      { token },
    );
    expect(aged.body.data.cooldownCount).toBe(0);
  });

  it('enforces the daily cap with a clear message, also under parallel creates', async () => {
    const { token, tokens, shop } = await seller(h());
    const library = await seedTalents(
      h(),
      tokens.user.id,
      Array.from({ length: 40 }, (_, i) => ({ name: `达人${i}` })),
    );
    const ids = library.map((t) => t.id);
    await createTask(h(), token, taskBody(shop.id, { talentIds: ids.slice(0, 15) }));
    const over = await h().api.post(
      paths.list,
      taskBody(shop.id, { talentIds: ids.slice(15, 21) }),
      { token, lang: 'en-US' },
    );
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'Your free allowance allows 20 invitations a day; left today: 5, needed by this task: 6. ' +
        'Invite fewer talents, or upgrade your plan on Purchase Membership to raise the daily cap.',
    );
    const zh = await h().api.post(paths.list, taskBody(shop.id, { talentIds: ids.slice(15, 21) }), {
      token,
    });
    expect(zh.body.message).toContain('免费版每天最多创建 20 条邀约，今天还可创建 5 条');

    // Six creates of 2 racing for the 5 left: exactly two go through, the cap holds.
    const raced = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h().api.post(
          paths.list,
          taskBody(shop.id, { talentIds: ids.slice(21 + 2 * i, 23 + 2 * i) }),
          { token },
        ),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 422, 422, 422, 422]);
    const total = await h().api.get<CountData>(paths.count, { token });
    expect(total.body.data).toEqual({ total: 19, exact: true });

    // Deleting records does not give the day's invitations back; a plan raises the cap.
    const first = (await records(h(), token)).list[0]!;
    await h().api.delete(paths.one(first.id), { token });
    const still = await h().api.post(
      paths.list,
      taskBody(shop.id, { talentIds: ids.slice(33, 35) }),
      {
        token,
      },
    );
    expect(still.status).toBe(422);
    await grantPlan(h(), tokens.user.id, 'basic');
    const paid = await createTask(h(), token, taskBody(shop.id, { talentIds: ids.slice(33, 40) }));
    expect(paid).toMatchObject({ created: 7, remainingToday: 200 - 26 });
  });

  it('creates only for a bound shop of the caller, with the caller’s talents and templates', async () => {
    const { token, shop } = await seller(h());
    const t = await addTalent(h(), token);
    const stranger = await seller(h());
    const theirTalent = await addTalent(h(), stranger.token);
    const theirs = await makeTemplates(h(), stranger.token, 'x');

    expect(
      (await h().api.post(paths.list, taskBody(stranger.shop.id, { talentIds: [t.id] }), { token }))
        .status,
    ).toBe(404);
    expect(
      (
        await h().api.post(paths.list, taskBody(shop.id, { talentIds: [t.id, theirTalent.id] }), {
          token,
        })
      ).status,
    ).toBe(404);
    const foreignProducts = await h().api.post(
      paths.list,
      taskBody(shop.id, { talentIds: [t.id], productTemplateIds: theirs.productIds }),
      { token, lang: 'en-US' },
    );
    expect(foreignProducts.status).toBe(422);
    expect(foreignProducts.body.message).toContain('does not exist or was deleted');
    await h().api.post(apiPaths.shops.unbind(shop.id), undefined, { token });
    const unbound = await h().api.post(paths.list, taskBody(shop.id, { talentIds: [t.id] }), {
      token,
      lang: 'en-US',
    });
    expect(unbound.status).toBe(422);
    expect(unbound.body.message).toBe('Shop "美妆旗舰店" is not bound; bind it on My Shops first');
    expect((await records(h(), token)).list).toEqual([]);
  });

  it.each([
    [{ taskType: 'mass_spam' }, 'Please choose a task type'],
    [{ contentType: undefined }, 'Please choose a content type'],
    [{ talentIds: [] }, 'Please choose at least one talent'],
    [{ setName: '' }, 'Set name cannot be empty'],
    [{ script: '  ' }, 'Script content cannot be empty'],
    [
      { productTemplateIds: Array.from({ length: 21 }, (_, i) => i + 1) },
      'A task can have at most 20 products',
    ],
  ])('refuses %o naming the field', async (change, message) => {
    const { token, shop } = await seller(h());
    const t = await addTalent(h(), token);
    const res = await h().api.post(
      paths.list,
      { ...taskBody(shop.id, { talentIds: [t.id] }), ...change },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  // Issue 16: what a task carries for a TikTok shop, per task type.
  it('asks a TikTok shop’s task for the target collaboration’s terms its type needs, naming each missing one', async () => {
    const { token, tokens, shop, productIds } = await tiktokSeller(h());
    await grantPlan(h(), tokens.user.id, 'pro');
    const talent = await addTalent(h(), token, {
      platform: 'tiktok',
      platformTalentId: 'lily.chen',
    });
    const terms = collaboration(productIds);
    const refused = async (body: Partial<SendTaskBody>, lang?: string) => {
      const res = await h().api.post(
        paths.list,
        taskBody(shop.id, { talentIds: [talent.id], ...body }),
        {
          token,
          lang,
        },
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.message;
    };
    // Each term of a target collaboration, named in the caller's language (zh-CN by default).
    expect(await refused({ taskType: 'targeted_product' })).toBe('请填写合作名称');
    expect(await refused({ taskType: 'targeted_product' }, 'en-US')).toBe(
      'Please enter the collaboration name',
    );
    const without = (key: keyof typeof terms) => {
      const { [key]: _left, ...rest } = terms;
      return rest;
    };
    expect(await refused({ taskType: 'free_product', ...without('endsAt') }, 'en-US')).toBe(
      'Please choose when the collaboration ends',
    );
    expect(
      await refused(
        { taskType: 'free_product', ...terms, endsAt: new Date(Date.now() - 60_000).toISOString() },
        'en-US',
      ),
    ).toBe('The collaboration must end in the future');
    expect(await refused({ taskType: 'free_product', ...without('contactEmail') }, 'en-US')).toBe(
      "Please enter the seller's contact e-mail",
    );
    expect(
      await refused({ taskType: 'free_product', ...terms, contactEmail: 'bd@' }, 'en-US'),
    ).toBe('Please enter a valid email format');
    expect(
      await refused({ taskType: 'targeted_connection', ...terms, productTemplateIds: [] }, 'en-US'),
    ).toBe('A target collaboration needs at least one product');
    expect(
      await refused(
        { taskType: 'targeted_product', ...terms, commissionRates: { [productIds[0]!]: 1250 } },
        'en-US',
      ),
    ).toBe('Please enter a commission rate for each product');
    expect(
      await refused(
        { taskType: 'targeted_product', ...terms, collaborationName: 'n'.repeat(31) },
        'en-US',
      ),
    ).toBe('The collaboration name cannot be longer than 30 characters');
    // The sample rule of each type.
    expect(await refused({ taskType: 'free_product', ...terms, freeSample: false }, 'en-US')).toBe(
      'A free product invitation offers free samples',
    );
    expect(await refused({ taskType: 'targeted_product', ...terms, freeSample: true })).toBe(
      '定向商品邀约不提供免费样品；需要寄样请选择“免费商品邀约”',
    );
    expect((await h().api.get<SendRecordPage>(paths.list, { token })).body.data.list).toEqual([]);

    // A valid task keeps what its type asks of the platform; each record the talent's identity.
    const free = await createTask(
      h(),
      token,
      taskBody(shop.id, {
        taskType: 'free_product',
        talentIds: [talent.id],
        ...terms,
        sampleApproval: 'auto',
      }),
    );
    expect(await taskTerms(h(), free.taskId)).toEqual({
      platform: 'tiktok',
      action: 'target_collaboration',
      collaboration: {
        name: '春季定向合作',
        endsAt: terms.endsAt,
        products: [
          { productId: 'P-100', productName: '玻尿酸面膜', commissionRate: 1250 },
          { productId: 'P-200', productName: '防晒喷雾', commissionRate: 800 },
        ],
        contactEmail: 'bd@example.com',
        freeSample: true,
        sampleApproval: 'auto',
      },
    });
    const [record] = (await records(h(), token, { taskId: free.taskId })).list;
    expect(record?.identity).toEqual({
      platform: 'tiktok',
      handle: 'lily.chen',
      creatorUserOpenId: null,
    });
    const card = await createTask(
      h(),
      token,
      taskBody(shop.id, { taskType: 'targeted_connection', talentIds: [talent.id], ...terms }),
    );
    expect(await taskTerms(h(), card.taskId)).toMatchObject({
      action: 'target_collaboration_card',
      collaboration: { freeSample: false, sampleApproval: null },
    });
    // A free connection is a conversation: none of a collaboration's terms, none kept.
    const chat = await createTask(
      h(),
      token,
      taskBody(shop.id, { taskType: 'free_connection', talentIds: [talent.id], ...terms }),
    );
    expect(await taskTerms(h(), chat.taskId)).toEqual({
      platform: 'tiktok',
      action: 'conversation',
      collaboration: null,
    });
    // A group leader activity needs none either; on a shop bound by hand it runs as today.
    const leader = await createTask(
      h(),
      token,
      taskBody(shop.id, { taskType: 'group_leader_activity', talentIds: [talent.id] }),
    );
    expect(await taskTerms(h(), leader.taskId)).toMatchObject({ action: 'browser_only' });
  });

  it.each([99, 8001, 0, 1250.5, '1250'])(
    'refuses a commission rate of %o (1.00 % to 80.00 %, in hundredths)',
    async (rate) => {
      const { token, shop, productIds } = await tiktokSeller(h());
      const talent = await addTalent(h(), token, {
        platform: 'tiktok',
        platformTalentId: 'ann_01',
      });
      const terms = collaboration(productIds);
      const body = (value: unknown) =>
        taskBody(shop.id, {
          taskType: 'targeted_product',
          talentIds: [talent.id],
          ...terms,
          commissionRates: { ...terms.commissionRates, [productIds[1]!]: value as number },
        });
      const res = await h().api.post(paths.list, body(rate), { token, lang: 'en-US' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'A commission rate is between 1.00% and 80.00%, with at most two decimals',
      );
      const zh = await h().api.post(paths.list, body(rate), { token });
      expect(zh.body.message).toBe('佣金率须在 1.00% 到 80.00% 之间，最多两位小数');
      // The bounds themselves are taken.
      for (const bound of [100, 8000]) {
        const made = await createTask(h(), token, {
          ...body(bound),
          cooldown: 'include',
        });
        expect(made.created, String(bound)).toBe(1);
      }
    },
  );

  it('refuses talents of another platform than the shop’s, naming them; rules pick the shop’s platform', async () => {
    const { token, shop, productIds } = await tiktokSeller(h());
    const tk = await addTalent(h(), token, {
      platform: 'tiktok',
      platformTalentId: 'tk_01',
      name: 'TK 达人',
    });
    const dyA = await addTalent(h(), token, {
      platform: 'douyin',
      platformTalentId: 'dy_a',
      name: '抖音甲',
    });
    const dyB = await addTalent(h(), token, {
      platform: 'douyin',
      platformTalentId: 'dy_b',
      name: '抖音乙',
    });
    const pick = { talentIds: [tk.id, dyA.id, dyB.id] };
    const preview = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'targeted_product', filterType: 'manual', ...pick },
      { token },
    );
    expect(preview.body.data).toMatchObject({
      matched: 3,
      otherPlatformCount: 2,
      willCreate: { skip: 1, include: 1 },
    });
    expect(preview.body.data.otherPlatform.map((t) => t.name)).toEqual(['抖音甲', '抖音乙']);

    const body = taskBody(shop.id, {
      taskType: 'targeted_product',
      ...pick,
      ...collaboration(productIds),
    });
    const zh = await h().api.post(paths.list, body, { token });
    expect(zh.status).toBe(422);
    expect(zh.body.message).toBe(
      '2 位达人不是TikTok达人，不能为TikTok店铺“TikTok 美国店”邀约：抖音甲、抖音乙。请移除这些达人后再创建',
    );
    const en = await h().api.post(paths.list, body, { token, lang: 'en-US' });
    expect(en.body.message).toBe(
      '2 talents are not on TikTok, so cannot be invited for the TikTok shop “TikTok 美国店”: 抖音甲, 抖音乙. Remove them and create the task again',
    );
    expect((await records(h(), token)).list).toEqual([]);

    // Rules pick the shop's platform only; rules naming another one say so.
    const rules = await h().api.post<SendPreviewData>(
      paths.preview,
      { shopId: shop.id, taskType: 'free_connection', filterType: 'rules' },
      { token },
    );
    expect(rules.body.data).toMatchObject({ matched: 1, otherPlatformCount: 0 });
    expect(rules.body.data.sample?.name).toBe('TK 达人');
    const wrongRules = await h().api.post(
      paths.list,
      taskBody(shop.id, {
        taskType: 'free_connection',
        filterType: 'rules',
        rules: { platform: 'douyin' },
      }),
      { token, lang: 'en-US' },
    );
    expect(wrongRules.status).toBe(422);
    expect(wrongRules.body.message).toBe(
      'The rules pick Douyin talents, but “TikTok 美国店” is a TikTok shop. Set the platform to TikTok, or to any platform',
    );
    const made = await createTask(
      h(),
      token,
      taskBody(shop.id, { taskType: 'free_connection', filterType: 'rules' }),
    );
    expect(made.created).toBe(1);

    // Among the shop's own platform, the blacklist's refusal still names its real cause.
    await h().api.post(
      apiPaths.blacklist.list,
      { talentName: 'TK 达人', platformTalentId: 'tk_01', fansCount: 1, reason: '爽约' },
      { token },
    );
    const blacklisted = await h().api.post(
      paths.list,
      taskBody(shop.id, { taskType: 'free_connection', talentIds: [tk.id], cooldown: 'include' }),
      { token, lang: 'en-US' },
    );
    expect(blacklisted.status).toBe(422);
    expect(blacklisted.body.message).toBe('No talent left to invite: the talent is blacklisted');
  });

  it('refuses a group leader activity on a shop connected by the platform’s authorization', async () => {
    const { token, shop } = await tiktokSeller(h());
    const talent = await addTalent(h(), token, { platform: 'tiktok', platformTalentId: 'gl_01' });
    // A shop the platform's authorization bound (the connections of issue 16 mark it so).
    await h().app.db.update(shops).set({ source: 'authorization' }).where(eq(shops.id, shop.id));
    const res = await h().api.post(
      paths.list,
      taskBody(shop.id, { taskType: 'group_leader_activity', talentIds: [talent.id] }),
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      "Group leader activity invitations have no platform Open API: they run in the browser, through the extension (coming in the next version). This shop is connected by the platform's authorization, so such a task cannot be created for it yet",
    );
    expect((await records(h(), token)).list).toEqual([]);
    // The other types still run there.
    const chat = await createTask(
      h(),
      token,
      taskBody(shop.id, { taskType: 'free_connection', talentIds: [talent.id] }),
    );
    expect(chat.created).toBe(1);
  });

  it('filters and pages records, with exact totals', async () => {
    const { token, tokens, shop } = await seller(h());
    await grantPlan(h(), tokens.user.id, 'pro');
    const second = await bindNewShop(h(), token, { shopName: '二号店' });
    const library = await seedTalents(
      h(),
      tokens.user.id,
      Array.from({ length: 25 }, (_, i) => ({ name: i < 5 ? `Lily ${i}` : `达人${i}` })),
    );
    await createTask(
      h(),
      token,
      taskBody(shop.id, { talentIds: library.slice(0, 20).map((t) => t.id) }),
    );
    await createTask(
      h(),
      token,
      taskBody(second.id, {
        talentIds: library.slice(20).map((t) => t.id),
        taskType: 'group_leader_activity',
        contentType: 'image_text',
      }),
    );
    const count = async (query: Record<string, string | number>) =>
      (await h().api.get<CountData>(paths.count, { token, query })).body.data;
    expect(await count({})).toEqual({ total: 25, exact: true });
    expect(await count({ status: 'pending' })).toEqual({ total: 25, exact: true });
    expect(await count({ status: 'success' })).toEqual({ total: 0, exact: true });
    expect((await count({ shopId: second.id })).total).toBe(5);
    expect((await count({ talentName: 'lily' })).total).toBe(5);
    expect(
      (await count({ taskType: 'group_leader_activity', contentType: 'image_text' })).total,
    ).toBe(5);
    expect(
      (await records(h(), token, { shopId: second.id })).list.every((r) => r.shopName === '二号店'),
    ).toBe(true);

    // Every page by cursor, then back, each record once; newest first.
    const seen: number[] = [];
    let page = await records(h(), token, { pageSize: 10 });
    seen.push(...page.list.map((r) => r.id));
    while (page.nextCursor) {
      page = await records(h(), token, { pageSize: 10, cursor: page.nextCursor });
      seen.push(...page.list.map((r) => r.id));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const back = await records(h(), token, { pageSize: 10, cursor: page.prevCursor! });
    expect(back.list.map((r) => r.id)).toEqual(seen.slice(10, 20));
    const last = await records(h(), token, { pageSize: 10, offset: 0, fromEnd: 'true' });
    expect(last.list.map((r) => r.id)).toEqual(seen.slice(15, 25));

    const from = new Date(Date.now() - 60_000).toISOString();
    expect(
      (await count({ createdFrom: from, createdTo: new Date(Date.now() + 60_000).toISOString() }))
        .total,
    ).toBe(25);
    const wrong = await h().api.get(paths.list, {
      token,
      lang: 'en-US',
      query: { createdFrom: from, createdTo: new Date(Date.now() - 120_000).toISOString() },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The minimum of a range cannot be greater than its maximum');
  });

  it('shows a record, edits it only while pending, deletes it after a confirmation', async () => {
    const { token, shop } = await seller(h());
    const t = await addTalent(h(), token, { name: '编辑我' });
    await createTask(h(), token, taskBody(shop.id, { talentIds: [t.id] }));
    const [record] = (await records(h(), token)).list;
    const one = await h().api.get<SendRecord>(paths.one(record!.id), { token });
    expect(one.body.data).toEqual(record);

    const edit = {
      taskType: 'targeted_connection',
      contentType: 'image_text',
      setName: '改过',
      message: '新的话术',
    };
    const edited = await h().api.put<SendRecord>(paths.one(record!.id), edit, {
      token,
      lang: 'en-US',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject(edit);
    expect(
      (await h().api.put(paths.one(record!.id), { ...edit, message: '' }, { token, lang: 'en-US' }))
        .body.message,
    ).toBe('Message cannot be empty');

    // Once a browser holds it (its action claimed) it is the extension's: no edit, no delete.
    const claimed = await h().api.post<BrowserClaimData>(
      apiPaths.extension.claim,
      { shopId: shop.id },
      { token },
    );
    const action = claimed.body.data.action!;
    expect(action.records.map((r) => r.id)).toEqual([record!.id]);
    const refusedEdit = await h().api.put(paths.one(record!.id), edit, { token, lang: 'en-US' });
    expect(refusedEdit.status).toBe(409);
    expect(refusedEdit.body.message).toBe('Only pending records can be edited');
    const refusedDelete = await h().api.delete(paths.one(record!.id), { token, lang: 'en-US' });
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toBe(
      'This record is being executed by the extension and cannot be deleted now',
    );
    const lease = { leaseId: action.leaseId };
    await h().api.post(apiPaths.extension.started(action.id), lease, { token });
    const reported = await h().api.post(
      apiPaths.extension.report(action.id),
      {
        ...lease,
        packVersion: action.pack.version,
        outcomes: [{ recordId: record!.id, result: 'sent' }],
      },
      { token },
    );
    expect(reported.status).toBe(200);
    const removed = await h().api.delete(paths.one(record!.id), { token, lang: 'en-US' });
    expect(removed.body.message).toBe('Deleted successfully');
    expect((await h().api.get(paths.one(record!.id), { token })).status).toBe(404);
  });

  it("answers 404 for another seller's records and shows them nothing", async () => {
    const owner = await seller(h());
    const t = await addTalent(h(), owner.token);
    await createTask(h(), owner.token, taskBody(owner.shop.id, { talentIds: [t.id] }));
    const [record] = (await records(h(), owner.token)).list;
    const stranger = await seller(h());
    const opts = { token: stranger.token };
    expect((await h().api.get(paths.one(record!.id), opts)).status).toBe(404);
    expect(
      (
        await h().api.put(
          paths.one(record!.id),
          { taskType: 'free_product', contentType: 'image_text', setName: 'x', message: 'x' },
          opts,
        )
      ).status,
    ).toBe(404);
    expect((await h().api.delete(paths.one(record!.id), opts)).status).toBe(404);
    expect(
      (await h().api.post(apiPaths.extension.claim, { shopId: owner.shop.id }, opts)).status,
    ).toBe(404);
    expect(
      (
        await h().api.post(
          paths.preview,
          {
            shopId: owner.shop.id,
            taskType: 'free_product',
            filterType: 'manual',
            talentIds: [t.id],
          },
          opts,
        )
      ).status,
    ).toBe(404);
    expect((await records(h(), stranger.token)).list).toEqual([]);
    expect((await h().api.get<CountData>(paths.count, opts)).body.data.total).toBe(0);
    expect((await records(h(), stranger.token, { taskId: record!.taskId })).list).toEqual([]);
    expect((await records(h(), stranger.token, { shopId: owner.shop.id })).list).toEqual([]);
    // A create with the owner's talents, from the stranger's own shop, finds none of them.
    expect(
      (await h().api.post(paths.list, taskBody(stranger.shop.id, { talentIds: [t.id] }), opts))
        .status,
    ).toBe(404);
    // The workplace counts only the caller's own.
    const stats = (await h().api.get<SendStats>(paths.stats, opts)).body.data;
    expect(stats.totals.created).toBe(0);
    expect(stats.records).toEqual({ pending: 0, running: 0, success: 0, failed: 0 });
    expect(stats.membership.usedToday).toBe(0);
    expect(stats.shops.list.map((s) => s.id)).toEqual([stranger.shop.id]);
    // An export of every record, or of the owner's shop, holds nothing of the owner's.
    for (const filter of [{}, { shopId: owner.shop.id }, { taskId: record!.taskId }]) {
      const ticket = await h().api.post<{ total: number; downloadUrl: string }>(
        paths.export,
        { format: 'csv', ...filter },
        opts,
      );
      expect(ticket.status).toBe(200);
      expect(ticket.body.data.total).toBe(0);
      const file = await h().app.inject({ method: 'GET', url: ticket.body.data.downloadUrl });
      expect(file.body).not.toContain(record!.talentName);
    }
    const [row] = await h().app.db.select().from(sendRecords).where(eq(sendRecords.id, record!.id));
    expect(row?.status).toBe('pending');
  });

  it('requires a sign-in on every send record route', async () => {
    const calls = [
      h().api.get(paths.list),
      h().api.get(paths.count),
      h().api.get(paths.stats),
      h().api.get(paths.one(1)),
      h().api.post(paths.preview, {}),
      h().api.post(paths.list, {}),
      h().api.put(paths.one(1), {}),
      h().api.delete(paths.one(1)),
      h().api.post(paths.export, { format: 'csv' }),
      h().api.get(paths.exportProgress('00000000-0000-4000-8000-000000000000')),
      h().api.post(paths.import, {}),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});
