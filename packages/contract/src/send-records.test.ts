import { describe, expect, it } from 'vitest';
import { renderScript, scriptToken } from './send-records-constants.ts';
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
