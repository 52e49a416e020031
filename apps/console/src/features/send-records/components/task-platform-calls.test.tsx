import {
  translate,
  apiPaths,
  type PlatformAction,
  type SendRecord,
  type TaskPlatformCalls,
} from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store.ts';
import {
  fail,
  ok,
  renderPage,
  renderRoutes,
  resetApp,
  signIn,
  stubFetch,
} from '@/test/helpers.tsx';
import { RecordDetailDrawer } from './record-detail-drawer.tsx';
import { TaskPlatformCallsDrawer } from './task-platform-calls-drawer.tsx';

const at = '2026-11-26T02:00:00.000Z';

function record(overrides: Partial<SendRecord> = {}): SendRecord {
  return {
    id: 31,
    taskId: 9,
    shopId: 5,
    shopName: 'Glow US',
    talentId: 3,
    talentName: 'Mia',
    platform: 'tiktok',
    platformTalentId: 'mia.makes',
    identity: { platform: 'tiktok', handle: 'mia.makes', creatorUserOpenId: 'open-mia-01' },
    taskType: 'targeted_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    setName: 'Spring',
    message: 'Hi Mia',
    products: [{ productId: 'P-1', productName: 'Mask' }],
    status: 'failed',
    errorCode: 'collaboration_conflict',
    errorMessage: 'Creator is already in an active collaboration for this product',
    attempts: 1,
    channel: 'api',
    platformReference: null,
    platformAnswer: {
      code: '16024022',
      message: 'creator already in target collaboration',
      requestId: 'req-7f3a',
    },
    leasedUntil: null,
    claimedAt: at,
    finishedAt: at,
    stage: null,
    acceptedAt: null,
    declinedAt: null,
    expiredAt: null,
    repliedAt: null,
    sampleRequestedAt: null,
    contentPostedAt: null,
    firstOrderAt: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function action(id: number, overrides: Partial<PlatformAction> = {}): PlatformAction {
  return {
    id,
    taskId: 9,
    shopId: 5,
    kind: 'target_collaboration',
    status: 'succeeded',
    batch: id,
    batches: 3,
    talents: 50,
    attempts: 1,
    notBefore: null,
    name: 'Spring glow',
    reference: { targetCollaborationId: `7349${id}` },
    errorCode: null,
    answer: null,
    createdAt: at,
    updatedAt: at,
    finishedAt: at,
    ...overrides,
  };
}

function calls(overrides: Partial<TaskPlatformCalls> = {}): TaskPlatformCalls {
  return {
    taskId: 9,
    shopId: 5,
    channel: 'api',
    counts: { pending: 1, running: 0, unknown: 0, succeeded: 1, failed: 1 },
    actions: [
      action(1),
      action(2, {
        status: 'failed',
        talents: 1,
        reference: null,
        errorCode: 'sensitive_words',
        answer: { code: '16024031', message: 'sensitive words in message', requestId: 'req-2' },
      }),
      action(3, {
        status: 'pending',
        talents: 36,
        attempts: 2,
        reference: null,
        notBefore: '2026-11-29T08:00:00.000Z',
        errorCode: 'quota_exceeded',
        answer: { code: '16024019', message: 'insufficient quota', requestId: 'req-3' },
      }),
    ],
    stoppedPages: [],
    pause: {
      reason: 'quota_exceeded',
      channel: 'api',
      resumesAt: '2026-11-29T08:00:00.000Z',
      timeZone: 'America/Los_Angeles',
      answer: { code: '16024019', message: 'insufficient quota', requestId: 'req-3' },
      since: at,
    },
    ...overrides,
  };
}

async function start(locale: 'en-US' | 'zh-CN') {
  await resetApp(locale);
  signIn();
  useAuthStore.setState({ timeZone: 'Asia/Shanghai' });
}

beforeEach(() => start('en-US'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The value cell of a details row, by its label. */
function rowOf(container: HTMLElement, label: string): HTMLElement {
  const cell = within(container)
    .getAllByText(label)
    .map((node) => node.closest('tr'))
    .find(Boolean);
  if (!cell) throw new Error(`no row ${label}`);
  return cell as HTMLElement;
}

describe('send record details: the platform channel', () => {
  it('says the server executes it and shows the platform’s own answer beside the standard code', async () => {
    stubFetch((url) => {
      if (url.split('?')[0] === apiPaths.sendRecords.one(31)) return ok(record());
      return fail(404, 'Not found');
    });
    renderPage(<RecordDetailDrawer id={31} onClose={() => undefined} />);
    const drawer = (await screen.findByText('Send Record Details')).closest(
      '.arco-drawer',
    ) as HTMLElement;
    expect(
      await within(drawer).findByText(
        'Failed: Creator already in another collaboration for the product',
      ),
    ).toBeInTheDocument();
    expect(
      within(rowOf(drawer, 'Executed by')).getByText('Platform Open API (run by the server)'),
    ).toBeInTheDocument();
    const answer = rowOf(drawer, 'Platform answer');
    expect(
      within(answer).getByText('Platform code 16024022 · creator already in target collaboration'),
    ).toBeInTheDocument();
    expect(within(answer).getByText('Request ID: req-7f3a')).toBeInTheDocument();
    expect(
      within(rowOf(drawer, 'Error code')).getByText(
        'Creator already in another collaboration for the product',
      ),
    ).toBeInTheDocument();
    expect(within(rowOf(drawer, 'Attempts')).getByText('1')).toBeInTheDocument();
    expect(within(drawer).queryByText('Claims')).toBeNull();
    // No reference for a call that created nothing.
    expect(within(drawer).queryByText('On the platform')).toBeNull();
  });

  it('shows the reference of a success, in Chinese, and the extension for a browser record', async () => {
    await start('zh-CN');
    let current = record({
      status: 'success',
      errorCode: null,
      errorMessage: null,
      platformAnswer: null,
      platformReference: { targetCollaborationId: '7349001', conversationId: 'conv-88' },
    });
    stubFetch(() => ok(current));
    const view = renderPage(<RecordDetailDrawer id={31} onClose={() => undefined} />);
    const drawer = (await screen.findByText('发送记录详情')).closest('.arco-drawer') as HTMLElement;
    expect(await within(drawer).findByText('任务执行成功')).toBeInTheDocument();
    expect(
      within(rowOf(drawer, '执行方式')).getByText('平台开放接口（服务器执行）'),
    ).toBeInTheDocument();
    const reference = rowOf(drawer, '平台编号');
    expect(within(reference).getByText('定向合作 ID：7349001')).toBeInTheDocument();
    expect(within(reference).getByText('会话 ID：conv-88')).toBeInTheDocument();
    expect(within(drawer).queryByText('平台返回')).toBeNull();
    view.unmount();

    current = record({
      id: 32,
      channel: 'browser',
      status: 'pending',
      errorCode: null,
      errorMessage: null,
      platformAnswer: null,
      finishedAt: null,
    });
    renderPage(<RecordDetailDrawer id={32} onClose={() => undefined} />);
    const again = (await screen.findByText('发送记录详情')).closest('.arco-drawer') as HTMLElement;
    expect(await within(again).findByText('等待插件领取执行')).toBeInTheDocument();
    expect(within(rowOf(again, '执行方式')).getByText('浏览器插件')).toBeInTheDocument();
  });

  it('shows a 抖店 record’s 定向计划 or 团长 activity', async () => {
    await start('zh-CN');
    stubFetch(() =>
      ok(
        record({
          status: 'success',
          errorCode: null,
          errorMessage: null,
          platformAnswer: null,
          platformReference: { planId: '6012345678901234567', activityId: '7301000000000000001' },
        }),
      ),
    );
    renderPage(<RecordDetailDrawer id={33} onClose={() => undefined} />);
    const drawer = (await screen.findByText('发送记录详情')).closest('.arco-drawer') as HTMLElement;
    const reference = await waitFor(() => rowOf(drawer, '平台编号'));
    expect(within(reference).getByText('抖店定向计划 ID：6012345678901234567')).toBeInTheDocument();
    expect(within(reference).getByText('团长活动 ID：7301000000000000001')).toBeInTheDocument();
  });

  it('words the wait of a record the server will run', async () => {
    stubFetch(() =>
      ok(record({ status: 'pending', errorCode: null, errorMessage: null, platformAnswer: null })),
    );
    renderPage(<RecordDetailDrawer id={31} onClose={() => undefined} />);
    expect(
      await screen.findByText("Waiting for the server to run it through the platform's Open API"),
    ).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the extension to claim it')).toBeNull();
  });
});

describe('a task’s platform calls', () => {
  it('opens from the record: progress, each call with its outcome, and the shop’s pause', async () => {
    const asked: string[] = [];
    stubFetch((url) => {
      const path = url.split('?')[0]!;
      asked.push(path);
      if (path === apiPaths.sendRecords.one(31)) return ok(record());
      if (path === apiPaths.sendRecords.taskPlatformCalls(9)) return ok(calls());
      return fail(404, 'Not found');
    });
    renderPage(<RecordDetailDrawer id={31} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('open-platform-calls'));
    const drawer = (await screen.findByText('Platform calls · Task 9')).closest(
      '.arco-drawer',
    ) as HTMLElement;
    await waitFor(() => expect(asked).toContain(apiPaths.sendRecords.taskPlatformCalls(9)));

    const counts = await within(drawer).findByTestId('platform-call-counts');
    for (const text of ['Waiting 1', 'Running 0', 'Succeeded 1', 'Failed 1']) {
      expect(within(counts).getByText(text)).toBeInTheDocument();
    }
    const pause = within(drawer).getByTestId('shop-pause');
    expect(
      within(pause).getByText(
        'The platform invitation quota is used up; resumes 2026-11-29 16:00 (00:00 shop time, America/Los_Angeles)',
      ),
    ).toBeInTheDocument();

    const rows = drawer.querySelectorAll('.send-calls-table tbody tr');
    expect(rows).toHaveLength(3);
    const [done, failed, waiting] = [...rows] as HTMLElement[];
    expect(within(done!).getByText('Create target collaboration')).toBeInTheDocument();
    expect(within(done!).getByText('1/3')).toBeInTheDocument();
    expect(within(done!).getByText('Succeeded')).toBeInTheDocument();
    expect(within(done!).getByText('Spring glow')).toBeInTheDocument();
    expect(within(done!).getByText('Target collaboration ID: 73491')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('Sensitive words in the invitation')).toBeInTheDocument();
    expect(
      within(failed!).getByText('Platform code 16024031 · sensitive words in message'),
    ).toBeInTheDocument();
    expect(within(waiting!).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting!).getByText('36')).toBeInTheDocument();
    expect(within(waiting!).getByText('Runs after 2026-11-29 16:00:00')).toBeInTheDocument();
  });

  it('names the calls and the pause in Chinese, with the way to reconnect', async () => {
    await start('zh-CN');
    stubFetch(() =>
      ok(
        calls({
          counts: { pending: 2, running: 0, unknown: 0, succeeded: 0, failed: 0 },
          actions: [
            action(1, { kind: 'conversation', status: 'pending', reference: null, name: null }),
          ],
          pause: {
            reason: 'authorization_revoked',
            channel: 'api',
            resumesAt: null,
            timeZone: 'America/Los_Angeles',
            answer: { code: '105002', message: 'access token revoked', requestId: null },
            since: at,
          },
        }),
      ),
    );
    const { router } = renderRoutes(
      [
        {
          path: '/sent',
          element: <TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />,
        },
        { path: '/shop/list', element: <div>我的店铺页面</div> },
      ],
      '/sent',
    );
    const drawer = (await screen.findByText('平台调用 · 任务 9')).closest(
      '.arco-drawer',
    ) as HTMLElement;
    expect(await within(drawer).findByText('发起会话并发送消息')).toBeInTheDocument();
    expect(within(drawer).getByText('等待中 2')).toBeInTheDocument();
    const pause = within(drawer).getByTestId('shop-pause');
    expect(
      within(pause).getByText('店铺授权已失效或缺少权限：重新授权后继续，记录保持等待中'),
    ).toBeInTheDocument();
    expect(within(pause).getByText('平台错误码 105002 · access token revoked')).toBeInTheDocument();
    fireEvent.click(within(pause).getByText('去“我的店铺”重新授权'));
    expect(await screen.findByText('我的店铺页面')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop/list');
  });

  it('says which browser page flow a task waits for, in both languages', async () => {
    const browserCalls = calls({
      channel: 'browser',
      counts: { pending: 2, running: 0, unknown: 0, succeeded: 0, failed: 0 },
      actions: [
        action(1, { kind: 'buyin_message', status: 'pending', reference: null, name: null }),
      ],
      pause: null,
      stoppedPages: [{ kind: 'buyin_message', reason: 'unverified' }],
    });
    stubFetch(() => ok(browserCalls));
    renderRoutes(
      [
        {
          path: '/sent',
          element: <TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />,
        },
      ],
      '/sent',
    );
    const stopped = await screen.findByTestId('page-stopped');
    expect(
      within(stopped).getByText("This task's browser execution is paused"),
    ).toBeInTheDocument();
    expect(
      within(stopped).getByText(
        'The platform page flow for "百应 message (browser)" has not been verified on a live shop yet and does not run: records keep waiting and do not fail; the extension sends them once it is verified and started',
      ),
    ).toBeInTheDocument();
  });

  it('shows the extension’s stop of the shop on a browser task, with its remedy', async () => {
    stubFetch(() =>
      ok(
        calls({
          channel: 'browser',
          counts: { pending: 3, running: 0, unknown: 0, succeeded: 0, failed: 0 },
          actions: [action(1, { kind: 'buyin_batch_invitation', status: 'pending' })],
          pause: {
            reason: 'captcha_required',
            channel: 'browser',
            resumesAt: null,
            timeZone: 'Asia/Shanghai',
            answer: null,
            since: at,
          },
        }),
      ),
    );
    renderRoutes(
      [
        {
          path: '/sent',
          element: <TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />,
        },
      ],
      '/sent',
    );
    const pause = await screen.findByTestId('shop-pause');
    expect(pause.textContent).toContain(translate('en-US', 'shop.pause.captcha'));
  });

  it('says in Chinese that the operators stopped a changed page', async () => {
    await start('zh-CN');
    stubFetch(() =>
      ok(
        calls({
          channel: 'browser',
          pause: null,
          stoppedPages: [{ kind: 'buyin_batch_invitation', reason: 'operator' }],
        }),
      ),
    );
    renderRoutes(
      [
        {
          path: '/sent',
          element: <TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />,
        },
      ],
      '/sent',
    );
    const stopped = await screen.findByTestId('page-stopped');
    expect(within(stopped).getByText('该任务的浏览器执行暂停')).toBeInTheDocument();
    expect(
      within(stopped).getByText(/的平台页面有变化，已由运营暂停：记录保持等待中，不会失败/),
    ).toBeInTheDocument();
  });

  it('leaves the shop’s pause out of a task that has nothing left to call', async () => {
    stubFetch(() =>
      ok(
        calls({
          counts: { pending: 0, running: 0, unknown: 0, succeeded: 1, failed: 0 },
          actions: [action(1, { batches: 1 })],
        }),
      ),
    );
    renderPage(<TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />);
    expect(await screen.findByText('Target collaboration ID: 73491')).toBeInTheDocument();
    expect(screen.getByText('Succeeded 1')).toBeInTheDocument();
    expect(screen.queryByTestId('shop-pause')).toBeNull();
  });

  it('says plainly that the extension executes a browser task, and lists its browser actions', async () => {
    stubFetch(() =>
      ok(
        calls({
          channel: 'browser',
          counts: { pending: 1, running: 0, unknown: 1, succeeded: 0, failed: 0 },
          actions: [
            action(1, {
              kind: 'buyin_batch_invitation',
              status: 'unknown',
              talents: 40,
              reference: null,
              name: null,
            }),
            action(2, {
              kind: 'buyin_batch_invitation',
              status: 'pending',
              talents: 5,
              reference: null,
              name: null,
            }),
          ],
          pause: null,
        }),
      ),
    );
    renderPage(<TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />);
    expect(
      await screen.findByText(
        /^The browser extension executes this task on the seller center's pages/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Browser extension')).toBeInTheDocument();
    expect(screen.getAllByText('百应 达人广场 batch invitation (browser)')).toHaveLength(2);
    expect(screen.getByText('To reconcile 1')).toBeInTheDocument();
    expect(document.querySelector('.send-calls-table')).not.toBeNull();
  });

  it('says a failed load failed, and loads again on Retry', async () => {
    let answer = fail(500, 'Server error');
    const fetchStub = stubFetch(() => answer.clone());
    renderPage(<TaskPlatformCallsDrawer taskId={9} onClose={() => undefined} />);
    expect(await screen.findByText('The platform calls could not be loaded')).toBeInTheDocument();
    answer = ok(calls({ pause: null }));
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Target collaboration ID: 73491')).toBeInTheDocument();
    expect(screen.queryByText('The platform calls could not be loaded')).toBeNull();
    expect(fetchStub.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
