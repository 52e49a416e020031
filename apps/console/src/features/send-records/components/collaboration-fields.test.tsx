import { apiPaths, type SendPreviewData, type TalentRef } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, formItem } from '@/test/talent-fixtures.ts';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { formatText } from '@/locale/define.ts';
import { sendRecordsMessages } from '../locale/index.ts';
import { taskBodyOf } from './create-task-drawer.tsx';
import { doudianCallsText } from './platform-calls-preview.tsx';
import { SentSearchTablePage } from './sent-search-page.tsx';

/**
 * Issue 16: the create drawer asks a TikTok shop's task for what the platform needs, by task
 * type, previews the platform calls it will make, and sends the terms with the task.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const shops = [
  { id: 5, shopName: 'US Store', platform: 'tiktok', bindStatus: 'BOUND' },
  { id: 6, shopName: '抖音旗舰店', platform: 'douyin', bindStatus: 'BOUND' },
  {
    id: 7,
    shopName: 'Authorized Store',
    platform: 'tiktok',
    bindStatus: 'BOUND',
    source: 'authorization',
  },
];
const products = [
  { id: 11, productId: 'P-1', productName: 'Mask' },
  { id: 12, productId: 'P-2', productName: 'Serum' },
];

function preview(overrides: Partial<SendPreviewData> = {}): SendPreviewData {
  return {
    matched: 86,
    blacklisted: [],
    blacklistedCount: 0,
    cooldown: [],
    cooldownCount: 0,
    otherPlatform: [],
    otherPlatformCount: 0,
    willCreate: { skip: 86, include: 86 },
    dailyCap: 100,
    usedToday: 0,
    remainingToday: 100,
    timeZone: 'Asia/Shanghai',
    todayEndsAt: '2025-03-08T16:00:00.000Z',
    sample: { id: 7, name: 'Luna', platform: 'tiktok', platformTalentId: 'luna' },
    ...overrides,
  };
}

function stub(answer: SendPreviewData = preview()) {
  const posts: Array<{ path: string; body: unknown }> = [];
  stubFetch((url, init) => {
    const path = url.split('?')[0]!;
    if (init.method === 'POST') {
      posts.push({ path, body: JSON.parse(String(init.body)) });
      if (path === apiPaths.sendRecords.preview) return ok(answer);
      return ok({
        taskId: 1,
        created: 86,
        blacklisted: [],
        blacklistedCount: 0,
        skippedCooldown: [],
        skippedCooldownCount: 0,
        remainingToday: 14,
      });
    }
    const page = <T,>(list: T[]) => ok({ list, total: list.length, page: 1, pageSize: 100 });
    if (path === apiPaths.shops.list) return page(shops);
    if (path === apiPaths.templates.products) return page(products);
    if (path === apiPaths.templates.scripts) return page([]);
    if (path === apiPaths.talents.list)
      return ok({
        list: [{ id: 7, name: 'Luna', platformTalentId: 'luna' }],
        pageSize: 20,
        nextCursor: null,
        prevCursor: null,
      });
    if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
    return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
  });
  return posts;
}

async function openDrawer(create: string, title: string): Promise<HTMLElement> {
  renderPage(<SentSearchTablePage />, '/sent/search-table');
  fireEvent.click(await screen.findByRole('button', { name: create }));
  return (await screen.findByText(title)).closest('.arco-drawer') as HTMLElement;
}

async function chooseType(drawer: HTMLElement, label: string, type: string) {
  await chooseOption(formItem(label, drawer), type);
  // The choice is shown and its list closed before the next one opens it again.
  await waitFor(() => expect(formItem(label, drawer)).toHaveTextContent(type));
  await waitFor(() =>
    expect(
      [...document.querySelectorAll<HTMLElement>('.arco-select-popup')].filter(
        (popup) =>
          popup.closest('.arco-trigger')?.getAttribute('style')?.includes('display: none') !==
            true && within(popup).queryByRole('option', { name: type }),
      ),
    ).toHaveLength(0),
  );
}

describe('a TikTok shop’s task, in English', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('asks each task type for what TikTok needs of it', async () => {
    stub();
    const drawer = await openDrawer('Create', 'Create invitation task');
    await chooseOption(formItem('Shop', drawer), 'US Store');
    // Free product invitation (the default): a target collaboration with free samples.
    const section = await within(drawer).findByTestId('send-collaboration');
    for (const label of [
      'Collaboration name',
      'Ends on',
      'Commission rate',
      'Seller contact e-mail',
    ])
      expect(within(section).getByText(label)).toBeInTheDocument();
    expect(within(section).getByTestId('send-sample-rule')).toHaveTextContent(
      'A free product invitation offers free samples',
    );
    expect(within(section).getByText('Reviewed by me')).toBeInTheDocument();
    expect(within(section).getByText('Approved automatically')).toBeInTheDocument();

    await chooseType(drawer, 'Task type', 'Targeted product invitation');
    expect(within(drawer).getByTestId('send-sample-rule')).toHaveTextContent(
      'A targeted product invitation offers no free samples',
    );
    expect(within(drawer).queryByText('Approved automatically')).toBeNull();

    await chooseType(drawer, 'Task type', 'Targeted connection invitation');
    const samples = formItem('Free samples', drawer).querySelector('button[role="switch"]');
    expect(samples).not.toBeNull();
    expect(within(drawer).queryByText('Approved automatically')).toBeNull();
    fireEvent.click(samples!);
    expect(await within(drawer).findByText('Approved automatically')).toBeInTheDocument();

    // A free connection is a conversation: none of a collaboration's terms.
    await chooseType(drawer, 'Task type', 'Free connection invitation');
    await waitFor(() => expect(within(drawer).queryByTestId('send-collaboration')).toBeNull());
    // A group leader activity has no Open API: the extension runs it.
    await chooseType(drawer, 'Task type', 'Group leader activity invitation');
    expect(within(drawer).getByTestId('send-browser-only')).toHaveTextContent(
      'Group leader activity invitations have no platform Open API',
    );

    // On a shop connected by authorization the server executes tasks: the type is refused there.
    await chooseOption(formItem('Shop', drawer), 'Authorized Store');
    await waitFor(() =>
      expect(within(drawer).getByTestId('send-browser-only')).toHaveTextContent(
        'This shop is connected by authorization, so no group leader activity invitation can be created for it yet',
      ),
    );
    await chooseOption(formItem('Shop', drawer), 'US Store');

    // A Douyin shop's task asks none of them (its platform's come later).
    await chooseType(drawer, 'Task type', 'Targeted product invitation');
    expect(await within(drawer).findByTestId('send-collaboration')).toBeInTheDocument();
    await chooseOption(formItem('Shop', drawer), '抖音旗舰店');
    await waitFor(() => expect(within(drawer).queryByTestId('send-collaboration')).toBeNull());
  });

  it('names each missing term and previews the platform calls: 86 talents → 2 target collaborations', async () => {
    const posts = stub();
    const drawer = await openDrawer('Create', 'Create invitation task');
    await chooseOption(formItem('Shop', drawer), 'US Store');
    await chooseType(drawer, 'Task type', 'Targeted product invitation');
    fireEvent.click(
      within(drawer).getAllByText('Type a talent name or ID to search and pick')[0] as HTMLElement,
    );
    const option = await screen.findByRole('option', { name: /^Luna/ });
    fireEvent.click(within(option).getByText('Luna'));
    expect(await within(drawer).findByTestId('send-preview-calls')).toHaveTextContent(
      '86 talents → 2 target collaborations of 50 and 36 creators',
    );
    fireEvent.change(
      within(drawer).getByPlaceholderText('Write the invitation; insert the variables below'),
      { target: { value: 'Hi {talentName}' } },
    );
    fireEvent.change(within(drawer).getByPlaceholderText('e.g. Spring launch'), {
      target: { value: 'Spring' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    for (const message of [
      'Please enter the collaboration name',
      'Please choose when the collaboration ends',
      'A target collaboration needs at least one product',
      "Please enter the seller's contact e-mail",
    ])
      expect(await within(drawer).findByText(message)).toBeInTheDocument();
    expect(posts.some((p) => p.path === apiPaths.sendRecords.list)).toBe(false);

    // Each product chosen asks for its commission.
    await chooseOption(formItem('Product templates', drawer), /^Mask/);
    await chooseOption(formItem('Product templates', drawer), /^Serum/);
    const commissions = await waitFor(() => {
      const found = drawer.querySelectorAll<HTMLElement>('.send-commission');
      expect(found).toHaveLength(2);
      return [...found];
    });
    const mask = commissions[0]!;
    expect(mask).toHaveTextContent('Mask · P-1');
    expect(commissions[1]).toHaveTextContent('Serum · P-2');
    fireEvent.change(formItem('Collaboration name', drawer).querySelector('input')!, {
      target: { value: 'x'.repeat(30) },
    });
    fireEvent.change(formItem('Seller contact e-mail', drawer).querySelector('input')!, {
      target: { value: 'bd@' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('Please enter a valid email format')).toBeVisible();
    expect(
      within(mask).getByText('Please enter a commission rate for each product'),
    ).toBeInTheDocument();
    expect(posts.some((p) => p.path === apiPaths.sendRecords.list)).toBe(false);

    // Filled in, the terms go with the task: commissions in hundredths, samples never.
    const percent = (item: HTMLElement, value: string) => {
      const field = item.querySelector('input')!;
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
    };
    percent(commissions[0]!, '12.5');
    percent(commissions[1]!, '8');
    fireEvent.change(formItem('Seller contact e-mail', drawer).querySelector('input')!, {
      target: { value: 'bd@example.com' },
    });
    const day = formItem('Ends on', drawer).querySelector('input')!;
    fireEvent.click(day);
    fireEvent.change(day, { target: { value: '2030-04-30' } });
    fireEvent.keyDown(day, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(day).toHaveValue('2030-04-30'));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(posts.find((p) => p.path === apiPaths.sendRecords.list)?.body).toMatchObject({
        shopId: 5,
        taskType: 'targeted_product',
        productTemplateIds: [11, 12],
        collaborationName: 'x'.repeat(30),
        endsAt: expect.stringMatching(/^2030-04-30T\d{2}:59:59\.000Z$/),
        commissionRates: { '11': 1250, '12': 800 },
        contactEmail: 'bd@example.com',
        sampleApproval: 'review',
      }),
    );
  });

  it('says which picked talents are of another platform than the shop’s', async () => {
    const others: TalentRef[] = [
      { id: 3, name: '抖音甲', platform: 'douyin', platformTalentId: 'dy_a' },
      { id: 4, name: '抖音乙', platform: 'douyin', platformTalentId: 'dy_b' },
    ];
    stub(
      preview({
        otherPlatform: others,
        otherPlatformCount: 2,
        willCreate: { skip: 1, include: 1 },
      }),
    );
    const drawer = await openDrawer('Create', 'Create invitation task');
    await chooseOption(formItem('Shop', drawer), 'US Store');
    fireEvent.click(
      within(drawer).getAllByText('Type a talent name or ID to search and pick')[0] as HTMLElement,
    );
    const option = await screen.findByRole('option', { name: /^Luna/ });
    fireEvent.click(within(option).getByText('Luna'));
    const alert = await within(drawer).findByTestId('send-preview-other-platform');
    expect(alert).toHaveTextContent(
      '2 talents are not on TikTok and cannot be invited for this shop; remove them:',
    );
    expect(within(alert).getByText('抖音甲')).toBeInTheDocument();
    expect(within(alert).getByText('抖音乙')).toBeInTheDocument();
  });
});

describe('a TikTok shop’s task, in Chinese', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('previews the platform calls in Chinese, per task type', async () => {
    stub();
    const drawer = await openDrawer('创建任务', '创建邀约任务');
    await chooseOption(formItem('店铺', drawer), 'US Store');
    await chooseOption(formItem('任务类型', drawer), '定向商品邀约');
    fireEvent.click(
      within(drawer).getAllByText('输入达人名称或达人 ID 搜索并选择')[0] as HTMLElement,
    );
    const option = await screen.findByRole('option', { name: /^Luna/ });
    fireEvent.click(within(option).getByText('Luna'));
    const calls = await within(drawer).findByTestId('send-preview-calls');
    expect(calls).toHaveTextContent('86 位达人 → 2 个定向合作（50 + 36 位达人）');
    await chooseOption(formItem('任务类型', drawer), '定向建联邀约');
    await waitFor(() =>
      expect(within(drawer).getByTestId('send-preview-calls')).toHaveTextContent(
        '86 位达人 → 2 个定向合作（50 + 36 位达人），再向每位达人发送合作卡片消息（共 86 条）',
      ),
    );
    await chooseOption(formItem('任务类型', drawer), '免费建联邀约');
    await waitFor(() =>
      expect(within(drawer).getByTestId('send-preview-calls')).toHaveTextContent(
        '86 位达人 → 86 个会话，每个会话 1 条文字消息',
      ),
    );
    expect(within(drawer).queryByTestId('send-collaboration')).toBeNull();
  });
});

describe('the body of a TikTok shop’s task', () => {
  it('carries the terms the type needs, commissions in hundredths, the end at the end of its day', () => {
    const values = {
      shopId: 5,
      taskType: 'free_product' as const,
      filterType: 'manual' as const,
      talentIds: [7],
      contentType: 'image_text' as const,
      script: 'Hi',
      productTemplateIds: [11, 12],
      setName: 'Spring',
      cooldown: 'skip' as const,
      collaborationName: ' Spring collab ',
      endDate: '2030-04-30',
      commissionPercents: { '11': 12.5, '12': 8, '99': 40 },
      contactEmail: 'bd@example.com',
      sampleApproval: 'auto' as const,
    };
    expect(taskBodyOf(values, 'tiktok')).toMatchObject({
      collaborationName: 'Spring collab',
      // Asia/Shanghai, the account's zone in these tests: 23:59:59 there.
      endsAt: expect.stringMatching(/^2030-04-30T\d{2}:59:59\.000Z$/),
      commissionRates: { '11': 1250, '12': 800 },
      contactEmail: 'bd@example.com',
      sampleApproval: 'auto',
    });
    expect(taskBodyOf(values, 'tiktok')).not.toHaveProperty('freeSample');
    expect(taskBodyOf({ ...values, taskType: 'targeted_connection' }, 'tiktok')).toMatchObject({
      freeSample: false,
    });
    // No terms for a conversation, a browser-only type or another platform's shop.
    for (const [taskType, platform] of [
      ['free_connection', 'tiktok'],
      ['group_leader_activity', 'tiktok'],
      ['free_product', 'douyin'],
    ] as const) {
      const body = taskBodyOf({ ...values, taskType }, platform);
      expect(body, `${taskType} ${platform}`).not.toHaveProperty('collaborationName');
      expect(body).not.toHaveProperty('commissionRates');
    }
  });
});

describe('the body of a 抖店 shop’s task (issue 17)', () => {
  const base = {
    shopId: 8,
    taskType: 'targeted_product' as const,
    filterType: 'manual' as const,
    talentIds: [7],
    contentType: 'vertical_video' as const,
    script: '你好',
    productTemplateIds: [11],
    setName: '春季定向',
    cooldown: 'skip' as const,
    endDate: '2030-04-30',
    commissionPercents: { '11': 20 },
    planAllowApply: true,
  };

  it('a targeted plan of a shop connected by authorization: end, whole-percent commission, apply and audit settings', () => {
    expect(taskBodyOf(base, 'douyin', 'api')).toMatchObject({
      endsAt: expect.stringMatching(/^2030-04-30T\d{2}:59:59\.000Z$/),
      commissionRates: { '11': 2000 },
      planAllowApply: true,
      // The switch shows off until the seller turns it on: what is shown is what is sent.
      planAuditApplications: false,
    });
    expect(taskBodyOf({ ...base, planAuditApplications: true }, 'douyin', 'api')).toMatchObject({
      planAuditApplications: true,
    });
    // A shop bound by hand runs it in the browser: no API terms are sent.
    expect(taskBodyOf(base, 'douyin', 'browser')).not.toHaveProperty('endsAt');
  });

  it('a 团长 application: the activity and its 团长, the service rate in hundredths, the phone, prices in fen', () => {
    const body = taskBodyOf(
      {
        ...base,
        taskType: 'group_leader_activity',
        productTemplateIds: [11, 12],
        activityId: '7301000000000000001',
        activityMeta: {
          name: '沙箱好物节',
          institutionName: '沙箱星选团长',
          colonelBuyinId: '1690000023764919',
        },
        serviceRatePercent: 20.5,
        contactPhone: ' 13900001234 ',
        commissionPercents: { '11': 15, '12': 20.25 },
        activityPriceYuan: { '11': 29.9, '12': 39.9 },
      },
      'douyin',
      'api',
    );
    expect(body).toMatchObject({
      activityId: '7301000000000000001',
      activityName: '沙箱好物节',
      institutionName: '沙箱星选团长',
      colonelBuyinId: '1690000023764919',
      serviceRate: 2050,
      contactPhone: '13900001234',
      commissionRates: { '11': 1500, '12': 2025 },
      activityPrices: { '11': 2990, '12': 3990 },
    });
    expect(body).not.toHaveProperty('endsAt');
  });

  it('free product, free connection and targeted connection invitations carry nothing: they run in the browser', () => {
    for (const taskType of ['free_product', 'free_connection', 'targeted_connection'] as const) {
      const body = taskBodyOf({ ...base, taskType }, 'douyin', 'api');
      expect(body, taskType).not.toHaveProperty('commissionRates');
      expect(body, taskType).not.toHaveProperty('activityId');
    }
  });
});

describe('the platform calls a 抖店 task makes, in words', () => {
  it('one plan, then its 达人 20 a call; an application with its products; nothing for the browser', () => {
    const t = (locale: 'zh-CN' | 'en-US') => (key: string, params?: Record<string, unknown>) =>
      formatText((sendRecordsMessages[locale] as Record<string, string>)[key]!, params as never);
    expect(doudianCallsText('targeted_product', 25, 1, t('zh-CN') as never, 'zh-CN')).toBe(
      '25 位达人 → 1 个抖店定向计划，分 2 次加入（20 + 5 位达人）',
    );
    expect(doudianCallsText('targeted_product', 25, 1, t('en-US') as never, 'en-US')).toBe(
      '25 talents → 1 抖店 targeted plan, added in 2 calls (20 and 5)',
    );
    expect(doudianCallsText('group_leader_activity', 1, 2, t('zh-CN') as never, 'zh-CN')).toBe(
      '1 次团长活动报名，含 2 个商品',
    );
    expect(doudianCallsText('free_product', 3, 1, t('zh-CN') as never, 'zh-CN')).toBeNull();
  });
});
