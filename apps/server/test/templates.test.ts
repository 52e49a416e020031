import {
  apiPaths,
  type Page,
  type ProductTemplate,
  type ScriptTemplate,
} from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { describeApi, signedIn } from './support/harness.ts';

const { scripts, script, products, product } = apiPaths.templates;

describeApi('script templates', (h) => {
  it('creates, reads, lists, edits and deletes', async () => {
    const { token } = await signedIn(h());
    const created = await h().api.post<ScriptTemplate>(
      scripts,
      { content: '您好 {talentName}，诚邀合作', remark: '默认' },
      { token, lang: 'en-US' },
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Created successfully');
    expect(created.body.data).toMatchObject({
      content: '您好 {talentName}，诚邀合作',
      remark: '默认',
    });
    const id = created.body.data.id;

    expect((await h().api.get<ScriptTemplate>(script(id), { token })).body.data.id).toBe(id);

    const edited = await h().api.put<ScriptTemplate>(
      script(id),
      { content: 'Hi there', remark: null },
      { token, lang: 'en-US' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Updated successfully');
    expect(edited.body.data).toMatchObject({ content: 'Hi there', remark: '' });

    const list = await h().api.get<Page<ScriptTemplate>>(scripts, { token });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.body.data.list[0]?.content).toBe('Hi there');

    const removed = await h().api.delete(script(id), { token, lang: 'en-US' });
    expect(removed.body.message).toBe('Deleted successfully');
    expect((await h().api.get(script(id), { token })).status).toBe(404);
    expect((await h().api.delete(script(id), { token })).status).toBe(404);
  });

  it('requires content and bounds its length, in both languages', async () => {
    const { token } = await signedIn(h());
    const empty = await h().api.post(
      scripts,
      { content: '   ', remark: 'x' },
      { token, lang: 'en-US' },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Script content cannot be empty');
    expect((await h().api.post(scripts, { remark: 'x' }, { token })).body.message).toBe(
      '话术内容不能为空',
    );
    const long = await h().api.post(
      scripts,
      { content: 'x'.repeat(2001) },
      { token, lang: 'en-US' },
    );
    expect(long.body.message).toBe('Script content cannot be longer than 2000 characters');
    const remark = await h().api.post(
      scripts,
      { content: 'ok', remark: 'r'.repeat(201) },
      { token, lang: 'en-US' },
    );
    expect(remark.body.message).toBe('Remark cannot be longer than 200 characters');
  });

  it('pages on the server, newest first', async () => {
    const { token } = await signedIn(h());
    for (let i = 1; i <= 25; i++)
      await h().api.post(scripts, { content: `script ${i}` }, { token });
    const third = await h().api.get<Page<ScriptTemplate>>(scripts, {
      token,
      query: { page: 3, pageSize: 10 },
    });
    expect(third.body.data.total).toBe(25);
    expect(third.body.data.list.map((s) => s.content)).toEqual([
      'script 5',
      'script 4',
      'script 3',
      'script 2',
      'script 1',
    ]);
    const bad = await h().api.get(scripts, { token, query: { pageSize: 1000 }, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Page size is invalid');
  });

  it('searches by keyword in content and remark, wildcards taken literally', async () => {
    const { token } = await signedIn(h());
    await h().api.post(scripts, { content: '美妆达人专属邀约', remark: '' }, { token });
    await h().api.post(scripts, { content: 'Discount 100% off', remark: '' }, { token });
    await h().api.post(scripts, { content: 'Plain', remark: '美妆' }, { token });
    const zh = await h().api.get<Page<ScriptTemplate>>(scripts, {
      token,
      query: { keyword: '美妆' },
    });
    expect(zh.body.data.total).toBe(2);
    const percent = await h().api.get<Page<ScriptTemplate>>(scripts, {
      token,
      query: { keyword: '%' },
    });
    expect(percent.body.data.list.map((s) => s.content)).toEqual(['Discount 100% off']);
    const caseless = await h().api.get<Page<ScriptTemplate>>(scripts, {
      token,
      query: { keyword: 'discount' },
    });
    expect(caseless.body.data.total).toBe(1);
  });

  it("answers 404 for another seller's template and leaves it unchanged", async () => {
    const owner = await signedIn(h());
    const stranger = await signedIn(h());
    const { id } = (
      await h().api.post<ScriptTemplate>(scripts, { content: 'mine' }, { token: owner.token })
    ).body.data;
    expect((await h().api.get(script(id), { token: stranger.token })).status).toBe(404);
    const put = await h().api.put(
      script(id),
      { content: 'stolen' },
      { token: stranger.token, lang: 'en-US' },
    );
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('The requested resource does not exist');
    expect((await h().api.delete(script(id), { token: stranger.token })).status).toBe(404);
    expect(
      (await h().api.get<Page<ScriptTemplate>>(scripts, { token: stranger.token })).body.data.total,
    ).toBe(0);
    expect(
      (await h().api.get<ScriptTemplate>(script(id), { token: owner.token })).body.data.content,
    ).toBe('mine');
  });

  it('refuses malformed ids and callers without a session', async () => {
    const { token } = await signedIn(h());
    expect((await h().api.get(script('abc'), { token })).status).toBe(400);
    expect((await h().api.get(scripts)).status).toBe(401);
    expect((await h().api.post(scripts, { content: 'x' })).status).toBe(401);
  });
});

describeApi('product templates', (h) => {
  it('creates, lists, edits and deletes', async () => {
    const { token } = await signedIn(h());
    const created = await h().api.post<ProductTemplate>(
      products,
      { productId: '1729384756102938475', productName: '保湿精华液 30ml', remark: '主推' },
      { token },
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('创建成功');
    const id = created.body.data.id;
    const edited = await h().api.put<ProductTemplate>(
      product(id),
      { productId: '1729384756102938475', productName: '保湿精华液 50ml', remark: '' },
      { token },
    );
    expect(edited.body.data.productName).toBe('保湿精华液 50ml');
    const search = await h().api.get<Page<ProductTemplate>>(products, {
      token,
      query: { keyword: '精华' },
    });
    expect(search.body.data.total).toBe(1);
    expect((await h().api.delete(product(id), { token })).status).toBe(200);
    expect((await h().api.get<Page<ProductTemplate>>(products, { token })).body.data.total).toBe(0);
  });

  it.each([
    [{ productId: '' }, 'Product ID cannot be empty'],
    [{ productName: '' }, 'Product name cannot be empty'],
    [
      { productId: 'has space' },
      'Product ID may contain only letters, digits, underscores and hyphens, at most 64 characters',
    ],
    [{ productName: 'n'.repeat(201) }, 'Product name cannot be longer than 200 characters'],
  ])('refuses %o', async (change, message) => {
    const { token } = await signedIn(h());
    const res = await h().api.post(
      products,
      { productId: 'P-1', productName: 'Name', ...change },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('keeps one template per product ID in an account, naming it', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    await h().api.post(products, { productId: 'SKU-1', productName: 'One' }, { token: a.token });
    const dup = await h().api.post(
      products,
      { productId: 'SKU-1', productName: 'Again' },
      { token: a.token, lang: 'en-US' },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A product template with product ID SKU-1 already exists');
    // Another seller may use the same product ID.
    expect(
      (
        await h().api.post(
          products,
          { productId: 'SKU-1', productName: 'Theirs' },
          { token: b.token },
        )
      ).status,
    ).toBe(200);
    // Editing onto an existing product ID is refused too.
    const other = await h().api.post<ProductTemplate>(
      products,
      { productId: 'SKU-2', productName: 'Two' },
      { token: a.token },
    );
    const clash = await h().api.put(
      product(other.body.data.id),
      { productId: 'SKU-1', productName: 'Two' },
      { token: a.token },
    );
    expect(clash.status).toBe(409);
  });

  it("answers 404 for another seller's product template", async () => {
    const owner = await signedIn(h());
    const stranger = await signedIn(h());
    const { id } = (
      await h().api.post<ProductTemplate>(
        products,
        { productId: 'X1', productName: 'Mine' },
        { token: owner.token },
      )
    ).body.data;
    expect((await h().api.get(product(id), { token: stranger.token })).status).toBe(404);
    expect(
      (
        await h().api.put(
          product(id),
          { productId: 'X1', productName: 'Taken' },
          { token: stranger.token },
        )
      ).status,
    ).toBe(404);
    expect((await h().api.delete(product(id), { token: stranger.token })).status).toBe(404);
    expect(
      (await h().api.get<ProductTemplate>(product(id), { token: owner.token })).body.data
        .productName,
    ).toBe('Mine');
  });
});
