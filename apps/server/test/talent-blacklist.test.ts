import {
  apiPaths,
  type BatchResult,
  type BlacklistEntry,
  type FollowUp,
  type Page,
  type Talent,
  type TalentFacets,
} from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { blacklistedIds } from '../src/modules/talents/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { addTalent, seedTalents, talentBody } from './support/talents.ts';

const paths = apiPaths.talents;
const blacklist = apiPaths.blacklist;

async function read(h: Harness, token: string, id: number): Promise<Talent> {
  return (await h.api.get<Talent>(paths.one(id), { token })).body.data;
}

describeApi('batch actions', (h) => {
  it('sets the status of the selected talents', async () => {
    const { token } = await signedIn(h());
    const a = await addTalent(h(), token);
    const b = await addTalent(h(), token);
    const c = await addTalent(h(), token);
    const res = await h().api.post<BatchResult>(
      paths.batchStatus,
      { ids: [a.id, b.id, a.id], status: 'cooperating' },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ affected: 2 });
    expect((await read(h(), token, a.id)).status).toBe('cooperating');
    expect((await read(h(), token, b.id)).status).toBe('cooperating');
    expect((await read(h(), token, c.id)).status).toBe('pending_contact');
    const manual = await h().api.post(
      paths.batchStatus,
      { ids: [a.id], status: 'blacklisted' },
      { token, lang: 'en-US' },
    );
    expect(manual.status).toBe(400);
    expect(manual.body.message).toBe(
      'This status cannot be set directly; use the blacklist to blacklist a talent',
    );
  });

  it('adds, removes and replaces labels, remembering new ones but not tiers', async () => {
    const { token } = await signedIn(h());
    const a = await addTalent(h(), token, { labels: ['quality', '直播'] });
    const b = await addTalent(h(), token, { labels: [] });
    const batch = (labels: string[], mode: string) =>
      h().api.post<BatchResult>(paths.batchLabels, { ids: [a.id, b.id], labels, mode }, { token });
    expect((await batch(['top', '种草', '直播'], 'add')).body.data.affected).toBe(2);
    expect((await read(h(), token, a.id)).labels).toEqual(['quality', '直播', 'top', '种草']);
    expect((await read(h(), token, b.id)).labels).toEqual(['top', '种草', '直播']);
    await batch(['直播', 'quality'], 'remove');
    expect((await read(h(), token, a.id)).labels).toEqual(['top', '种草']);
    expect((await read(h(), token, b.id)).labels).toEqual(['top', '种草']);
    await batch(['newbie', '带货'], 'replace');
    expect((await read(h(), token, a.id)).labels).toEqual(['newbie', '带货']);
    const facets = await h().api.get<TalentFacets>(paths.facets, { token });
    expect([...facets.body.data.labels].sort()).toEqual(['带货', '直播', '种草'].sort());
  });

  it('refuses labels beyond 10 on any talent, naming it, and changes none', async () => {
    const { token } = await signedIn(h());
    const full = await addTalent(h(), token, {
      name: '标签很多',
      labels: Array.from({ length: 9 }, (_, i) => `标签${i}`),
    });
    const few = await addTalent(h(), token, { labels: ['a'] });
    const res = await h().api.post(
      paths.batchLabels,
      { ids: [few.id, full.id], labels: ['x', 'y'], mode: 'add' },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('标签很多 would have more than 10 labels; nothing was changed');
    expect((await read(h(), token, few.id)).labels).toEqual(['a']);
    expect((await read(h(), token, full.id)).labels).toHaveLength(9);
    // Adding a label it already has stays within the limit.
    const again = await h().api.post(
      paths.batchLabels,
      { ids: [full.id], labels: ['标签0', 'z'], mode: 'add' },
      { token },
    );
    expect(again.status).toBe(200);
    expect((await read(h(), token, full.id)).labels).toHaveLength(10);
  });

  it("refuses a batch holding another seller's talent or a missing one, changing nothing", async () => {
    const owner = await signedIn(h());
    const stranger = await signedIn(h());
    const mine = await addTalent(h(), owner.token, { status: 'communicating', labels: ['a'] });
    const mine2 = await addTalent(h(), owner.token, { status: 'communicating' });
    const theirs = await addTalent(h(), stranger.token, { status: 'active', labels: ['b'] });
    const message = 'Some selected talents do not exist or are not yours; nothing was changed';
    const attempts: Array<[string, unknown]> = [
      [paths.batchStatus, { ids: [mine.id, mine2.id, theirs.id], status: 'rejected' }],
      [paths.batchLabels, { ids: [mine.id, theirs.id], labels: ['x'], mode: 'replace' }],
      [paths.batchBlacklist, { ids: [mine.id, theirs.id], reason: 'spam' }],
      [paths.batchStatus, { ids: [mine.id, 987_654], status: 'rejected' }],
    ];
    for (const [url, body] of attempts) {
      const res = await h().api.post(url, body, { token: owner.token, lang: 'en-US' });
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe(message);
    }
    expect(await read(h(), owner.token, mine.id)).toMatchObject({
      status: 'communicating',
      labels: ['a'],
      updatedAt: mine.updatedAt,
    });
    expect((await read(h(), owner.token, mine2.id)).status).toBe('communicating');
    expect(await read(h(), stranger.token, theirs.id)).toMatchObject({
      status: 'active',
      labels: ['b'],
      updatedAt: theirs.updatedAt,
    });
    const entries = await h().api.get<Page<BlacklistEntry>>(blacklist.list, { token: owner.token });
    expect(entries.body.data.total).toBe(0);
    expect(
      (await h().api.get<Page<BlacklistEntry>>(blacklist.list, { token: stranger.token })).body.data
        .total,
    ).toBe(0);
  });

  it('bounds a batch to 500 distinct ids', async () => {
    const { token } = await signedIn(h());
    const res = await h().api.post(
      paths.batchStatus,
      { ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 'active' },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At most 500 talents can be changed at once');
    const none = await h().api.post(paths.batchStatus, { ids: [], status: 'active' }, { token });
    expect(none.body.message).toBe('请至少选择一位达人');
  });
});

describeApi('blacklist', (h) => {
  it('blacklists from the blacklist page: the talent shows blacklisted and gets its status back', async () => {
    const { token } = await signedIn(h());
    const talent = await addTalent(h(), token, {
      platformTalentId: 'dy_1',
      status: 'communicating',
    });
    const twin = await addTalent(h(), token, {
      platform: 'tiktok',
      platformTalentId: 'dy_1',
      status: 'cooperating',
    });
    const added = await h().api.post<BlacklistEntry>(
      blacklist.list,
      { talentName: '刷单达人', platformTalentId: 'dy_1', fansCount: 1200, reason: '刷单' },
      { token, lang: 'en-US' },
    );
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Added to the blacklist');
    expect(added.body.data).toMatchObject({
      talentName: '刷单达人',
      platformTalentId: 'dy_1',
      fansCount: 1200,
      reason: '刷单',
      talentId: talent.id,
    });
    expect(await read(h(), token, talent.id)).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'communicating',
    });
    expect(await read(h(), token, twin.id)).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'cooperating',
    });
    const filtered = await h().api.get<{ list: Talent[] }>(paths.list, {
      token,
      query: { status: 'blacklisted' },
    });
    expect(filtered.body.data.list.map((t) => t.id).sort()).toEqual([talent.id, twin.id].sort());

    const again = await h().api.post(
      blacklist.list,
      { talentName: 'x', platformTalentId: 'dy_1', fansCount: 1, reason: 'again' },
      { token, lang: 'en-US' },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Talent ID dy_1 is already blacklisted');

    const removed = await h().api.delete(blacklist.one(added.body.data.id), {
      token,
      lang: 'en-US',
    });
    expect(removed.body.message).toBe('Removed from the blacklist');
    expect(await read(h(), token, talent.id)).toMatchObject({
      status: 'communicating',
      statusBeforeBlacklist: null,
    });
    expect((await read(h(), token, twin.id)).status).toBe('cooperating');
    expect((await h().api.delete(blacklist.one(added.body.data.id), { token })).status).toBe(404);
  });

  it('blacklists selected talents from the talent page with one reason, the same way', async () => {
    const { token } = await signedIn(h());
    const a = await addTalent(h(), token, { name: '甲', fansCount: 100, status: 'active' });
    const b = await addTalent(h(), token, { name: '乙', fansCount: 200 });
    const res = await h().api.post<BatchResult>(
      paths.batchBlacklist,
      { ids: [a.id, b.id], reason: '不回复消息' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('已加入黑名单');
    expect(res.body.data.affected).toBe(2);
    const entries = await h().api.get<Page<BlacklistEntry>>(blacklist.list, { token });
    expect(entries.body.data.total).toBe(2);
    expect(
      entries.body.data.list
        .map((e) => [e.talentName, e.platformTalentId, e.fansCount, e.reason, e.talentId])
        .sort(),
    ).toEqual(
      [
        ['甲', a.platformTalentId, 100, '不回复消息', a.id],
        ['乙', b.platformTalentId, 200, '不回复消息', b.id],
      ].sort(),
    );
    expect(await read(h(), token, a.id)).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'active',
    });
    // Selecting an already blacklisted talent again keeps its entry and its remembered status.
    const again = await h().api.post<BatchResult>(
      paths.batchBlacklist,
      { ids: [a.id], reason: 'other' },
      { token },
    );
    expect(again.status).toBe(200);
    expect(
      (await h().api.get<Page<BlacklistEntry>>(blacklist.list, { token })).body.data.total,
    ).toBe(2);
    expect((await read(h(), token, a.id)).statusBeforeBlacklist).toBe('active');
    const entryOfA = entries.body.data.list.find((e) => e.talentId === a.id)!;
    await h().api.delete(blacklist.one(entryOfA.id), { token });
    expect((await read(h(), token, a.id)).status).toBe('active');
    expect((await read(h(), token, b.id)).status).toBe('blacklisted');
  });

  it('stores a new talent with a blacklisted ID as blacklisted, and restores pending contact when nothing was kept', async () => {
    const owner = await signedIn(h());
    const { token } = owner;
    await h().api.post(
      blacklist.list,
      { talentName: '某人', platformTalentId: 'bad_1', fansCount: 0, reason: '骗样' },
      { token },
    );
    const created = await addTalent(h(), token, {
      platformTalentId: 'bad_1',
      status: 'communicating',
    });
    expect(created).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'communicating',
    });
    // Another seller's blacklist does not touch this seller.
    const other = await signedIn(h());
    expect((await addTalent(h(), other.token, { platformTalentId: 'bad_1' })).status).toBe(
      'pending_contact',
    );
    const [legacy] = await seedTalents(h(), owner.tokens.user.id, [
      {
        name: '旧数据',
        platformTalentId: 'bad_2',
        status: 'blacklisted',
        statusBeforeBlacklist: null,
      },
    ]);
    const entry = await h().api.post<BlacklistEntry>(
      blacklist.list,
      { talentName: '旧数据', platformTalentId: 'bad_2', fansCount: 0, reason: 'x' },
      { token },
    );
    await h().api.delete(blacklist.one(entry.body.data.id), { token });
    expect((await read(h(), token, legacy!.id)).status).toBe('pending_contact');
  });

  it("refuses changing a blacklisted talent's status by edit, batch or follow-up, naming it", async () => {
    const { token } = await signedIn(h());
    const talent = await addTalent(h(), token, { name: '黑名单达人', status: 'communicating' });
    const ok = await addTalent(h(), token, { status: 'active' });
    await h().api.post(paths.batchBlacklist, { ids: [talent.id], reason: '违规' }, { token });
    const message =
      '黑名单达人 are blacklisted; remove them from the blacklist before changing their status';
    const body = talentBody({
      platformTalentId: talent.platformTalentId,
      name: talent.name,
      remark: 'edited',
    });

    const edit = await h().api.put(
      paths.one(talent.id),
      { ...body, status: 'cooperating' },
      { token, lang: 'en-US' },
    );
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe(message);
    const batch = await h().api.post(
      paths.batchStatus,
      { ids: [ok.id, talent.id], status: 'cooperating' },
      { token, lang: 'en-US' },
    );
    expect(batch.status).toBe(422);
    expect(batch.body.message).toBe(message);
    const follow = await h().api.post(
      paths.followUps(talent.id),
      { content: '再联系', status: 'cooperating' },
      { token, lang: 'en-US' },
    );
    expect(follow.status).toBe(422);
    expect(follow.body.message).toBe(message);
    expect((await read(h(), token, ok.id)).status).toBe('active');
    expect(await read(h(), token, talent.id)).toMatchObject({ status: 'blacklisted', remark: '' });
    expect(
      (await h().api.get<Page<FollowUp>>(paths.followUps(talent.id), { token })).body.data.total,
    ).toBe(0);

    // Editing other fields with the status it keeps is allowed; it stays blacklisted.
    const kept = await h().api.put<Talent>(
      paths.one(talent.id),
      { ...body, status: 'communicating' },
      { token },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'communicating',
      remark: 'edited',
    });
    const note = await h().api.post<FollowUp>(
      paths.followUps(talent.id),
      { content: '备注' },
      { token },
    );
    expect(note.body.data.statusAtTime).toBe('blacklisted');
  });

  it('answers the one-place question: which of these IDs are blacklisted, per seller', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    for (const id of ['x1', 'x2']) {
      await h().api.post(
        blacklist.list,
        { talentName: id, platformTalentId: id, fansCount: 0, reason: 'r' },
        { token: a.token },
      );
    }
    await h().api.post(
      blacklist.list,
      { talentName: 'x3', platformTalentId: 'x3', fansCount: 0, reason: 'r' },
      { token: b.token },
    );
    const db = h().app.db;
    expect(
      [...(await blacklistedIds(db, a.tokens.user.id, ['x1', 'x3', 'x4', 'x2', 'x1']))].sort(),
    ).toEqual(['x1', 'x2']);
    expect([...(await blacklistedIds(db, b.tokens.user.id, ['x1', 'x2', 'x3']))]).toEqual(['x3']);
    expect((await blacklistedIds(db, a.tokens.user.id, [])).size).toBe(0);
  });

  it('searches entries by talent name or ID, pages them, and keeps them to their seller', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    const add = (token: string, talentName: string, platformTalentId: string) =>
      h().api.post(
        blacklist.list,
        { talentName, platformTalentId, fansCount: 5, reason: 'r' },
        { token },
      );
    await add(a.token, '王小明', 'wxm_01');
    await add(a.token, 'Lily', 'lily_99');
    await add(a.token, '100%刷单', 'p_3');
    const theirs = (await add(b.token, '王小明', 'wxm_01')).body as { data: BlacklistEntry };
    const byName = await h().api.get<Page<BlacklistEntry>>(blacklist.list, {
      token: a.token,
      query: { keyword: '小明' },
    });
    expect(byName.body.data.list.map((e) => e.platformTalentId)).toEqual(['wxm_01']);
    const byId = await h().api.get<Page<BlacklistEntry>>(blacklist.list, {
      token: a.token,
      query: { keyword: 'LILY_' },
    });
    expect(byId.body.data.list.map((e) => e.talentName)).toEqual(['Lily']);
    const literal = await h().api.get<Page<BlacklistEntry>>(blacklist.list, {
      token: a.token,
      query: { keyword: '%' },
    });
    expect(literal.body.data.list.map((e) => e.talentName)).toEqual(['100%刷单']);
    const paged = await h().api.get<Page<BlacklistEntry>>(blacklist.list, {
      token: a.token,
      query: { page: 2, pageSize: 2 },
    });
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.body.data.list.map((e) => e.talentName)).toEqual(['王小明']);
    expect((await h().api.delete(blacklist.one(theirs.data.id), { token: a.token })).status).toBe(
      404,
    );
    expect(
      (await h().api.get<Page<BlacklistEntry>>(blacklist.list, { token: b.token })).body.data.total,
    ).toBe(1);
  });

  it.each([
    [{ talentName: '' }, 'Talent name cannot be empty'],
    [{ platformTalentId: undefined }, 'Talent ID cannot be empty'],
    [{ fansCount: undefined }, 'Fans count cannot be empty'],
    // Blank and null are missing too, never a fans count of 0.
    [{ fansCount: '' }, 'Fans count cannot be empty'],
    [{ fansCount: null }, 'Fans count cannot be empty'],
    [{ fansCount: 'many' }, 'Please enter a whole number of 0 or more'],
    [{ reason: ' ' }, 'Reason cannot be empty'],
    [{ reason: 'r'.repeat(201) }, 'Reason cannot be longer than 200 characters'],
  ])('requires every field of the add-blacklist form: %o', async (change, message) => {
    const { token } = await signedIn(h());
    const res = await h().api.post(
      blacklist.list,
      { talentName: 'n', platformTalentId: 'p1', fansCount: 1, reason: 'r', ...change },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describeApi('follow-ups', (h) => {
  it('records follow-ups with and without a status change, newest first, by the author’s name', async () => {
    const { token, user } = await signedIn(h());
    const talent = await addTalent(h(), token, { status: 'pending_contact' });
    const plain = await h().api.post<FollowUp>(
      paths.followUps(talent.id),
      { content: '加了微信' },
      { token, lang: 'en-US' },
    );
    expect(plain.status).toBe(200);
    expect(plain.body.message).toBe('Created successfully');
    expect(plain.body.data).toMatchObject({
      talentId: talent.id,
      author: user.username,
      content: '加了微信',
      statusAtTime: 'pending_contact',
    });
    expect((await read(h(), token, talent.id)).updatedAt).toBe(talent.updatedAt);

    await h().api.put(
      apiPaths.user.profile,
      { nickname: '小李运营', email: '', phoneNumber: user.phoneNumber },
      { token },
    );
    const moved = await h().api.post<FollowUp>(
      paths.followUps(talent.id),
      { content: '约了寄样', status: 'cooperating' },
      { token },
    );
    expect(moved.body.data).toMatchObject({ author: '小李运营', statusAtTime: 'cooperating' });
    expect((await read(h(), token, talent.id)).status).toBe('cooperating');

    const history = await h().api.get<Page<FollowUp>>(paths.followUps(talent.id), { token });
    expect(history.body.data.total).toBe(2);
    expect(history.body.data.list.map((f) => [f.content, f.statusAtTime, f.author])).toEqual([
      ['约了寄样', 'cooperating', '小李运营'],
      ['加了微信', 'pending_contact', user.username],
    ]);
    const second = await h().api.get<Page<FollowUp>>(paths.followUps(talent.id), {
      token,
      query: { page: 2, pageSize: 1 },
    });
    expect(second.body.data.list.map((f) => f.content)).toEqual(['加了微信']);

    const empty = await h().api.post(
      paths.followUps(talent.id),
      { content: '  ' },
      { token, lang: 'en-US' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Follow-up content cannot be empty');
    const manual = await h().api.post(
      paths.followUps(talent.id),
      { content: 'x', status: 'blacklisted' },
      { token },
    );
    expect(manual.status).toBe(400);
  });
});
