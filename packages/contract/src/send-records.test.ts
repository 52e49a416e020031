import { describe, expect, it } from 'vitest';
import { renderBatchScript, renderScript, scriptToken } from './send-records-constants.ts';
import { sendTaskBody } from './send-records.ts';

const values = { talentName: 'Luna', shopName: '美妆旗舰店', productNames: ['面膜', '精华'] };

describe('renderScript', () => {
  it('fills each variable by its key or its Chinese name, any number of times', () => {
    expect(renderScript('{talentName}，{达人名称}！{shopName} 推荐 {productNames}', values)).toBe(
      'Luna，Luna！美妆旗舰店 推荐 面膜、精华',
    );
    expect(renderScript('Hi { talentname }, {shopName} sells {productNames}', values)).toBe(
      'Hi Luna, 美妆旗舰店 sells 面膜, 精华',
    );
  });

  it('leaves unknown words in braces as they are, and an empty product list empty', () => {
    expect(renderScript('{coupon} for {talentName}', { ...values, productNames: [] })).toBe(
      '{coupon} for Luna',
    );
    expect(renderScript('{productNames}', { ...values, productNames: [] })).toBe('');
  });

  it('writes the token the console inserts in its language', () => {
    expect(scriptToken('talentName')).toBe('{talentName}');
    expect(scriptToken('productNames', 'zh-CN')).toBe('{商品名称}');
    expect(renderScript(scriptToken('shopName', 'zh-CN'), values)).toBe('美妆旗舰店');
  });
});

describe('sendTaskBody', () => {
  const base = {
    shopId: 1,
    taskType: 'free_product',
    contentType: 'image_text',
    script: 'x',
    setName: 's',
  };
  it('needs talents for a manual task, not for a rules task', () => {
    expect(sendTaskBody.safeParse({ ...base, filterType: 'manual' }).success).toBe(false);
    expect(
      sendTaskBody.safeParse({ ...base, filterType: 'manual', talentIds: [2, 2] }).data,
    ).toMatchObject({ talentIds: [2], cooldown: 'skip', productTemplateIds: [] });
    expect(sendTaskBody.safeParse({ ...base, filterType: 'rules' }).success).toBe(true);
  });
});

describe('renderBatchScript', () => {
  const shared = { shopName: '美妆旗舰店', productNames: ['口红', '粉底'] };
  it('renders the shop and products once, and drops the talent with its greeting spaces', () => {
    expect(renderBatchScript('你好 {达人名称}，{店铺名称} 邀请你带货 {商品名称}', shared)).toBe(
      '你好，美妆旗舰店 邀请你带货 口红、粉底',
    );
    expect(
      renderBatchScript('Hi {talentName}, {shopName} would love you to try {productNames}!', {
        shopName: 'Glow',
        productNames: ['Cup'],
      }),
    ).toBe('Hi, Glow would love you to try Cup!');
    expect(renderBatchScript('亲爱的{达人名称}！欢迎合作', shared)).toBe('亲爱的！欢迎合作');
  });

  it('a talent variable opening a line goes with the punctuation after it', () => {
    expect(
      renderBatchScript('{talentName}, hello from {shopName}', { ...shared, shopName: 'Glow' }),
    ).toBe('hello from Glow');
    expect(renderBatchScript('第一行\n{达人名称}：你好', shared)).toBe('第一行\n你好');
  });

  it('leaves unknown words and a script without a talent variable as renderScript does', () => {
    expect(renderBatchScript('{coupon} 来自 {店铺名称}', shared)).toBe('{coupon} 来自 美妆旗舰店');
    const plain = '{shopName} sells {productNames}';
    expect(renderBatchScript(plain, shared)).toBe(
      renderScript(plain, { ...shared, talentName: 'x' }),
    );
  });
});
