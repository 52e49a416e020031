import { apiPaths, type Talent } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { chooseOption, formItem, makeTalent, pathOf } from '@/test/talent-fixtures.ts';
import { TalentFormModal, toTalentBody, type TalentForm } from './talent-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubApi(onSave: (body: unknown, method: string) => Response = (body) => ok(body)) {
  return stubFetch((url, init) => {
    if (pathOf(url) === apiPaths.talents.facets)
      return ok({ shopNames: ['美妆旗舰店'], labels: ['直播'] });
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return onSave(body, init.method ?? 'GET');
  });
}

function open(editing: Talent | null = null) {
  const onClose = vi.fn();
  renderPage(
    <TalentFormModal visible editing={editing} onClose={onClose} />,
    '/talent/search-table',
  );
  return { onClose };
}

const input = (dialog: HTMLElement, label: string) =>
  formItem(label, dialog).querySelector('input, textarea') as HTMLElement;

describe('add talent', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it("checks every field with the contract's rules, in English", async () => {
    stubApi();
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add talent')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please choose a platform')).toBeInTheDocument();
    expect(within(dialog).getByText('Talent ID cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('Talent name cannot be empty')).toBeInTheDocument();

    fireEvent.change(input(dialog, 'Talent ID'), { target: { value: 'bad id!' } });
    fireEvent.change(input(dialog, 'Contact info'), { target: { value: 'lin@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Talent ID may contain only letters, digits and _ . @ -, at most 64 characters',
      ),
    ).toBeInTheDocument();
    // Contact info needs its method, and an email must look like one.
    expect(
      within(dialog).getByText('Please choose a contact method for the contact info'),
    ).toBeInTheDocument();
    await chooseOption(formItem('Contact method', dialog), 'Email');
    expect(await within(dialog).findByText('Please enter a valid email format')).toBeVisible();
  });

  it('saves every field, money in fen, and keeps the modal open on a duplicate', async () => {
    const saved: unknown[] = [];
    stubApi((body, method) => {
      if (method !== 'POST') return ok(null);
      saved.push(body);
      return fail(409, 'A talent with ID dy_1 already exists on this platform: 小林');
    });
    const { onClose } = open();
    const dialog = await screen.findByRole('dialog');
    await chooseOption(formItem('Platform', dialog), 'Douyin');
    fireEvent.change(input(dialog, 'Talent ID'), { target: { value: ' dy_1 ' } });
    fireEvent.change(input(dialog, 'Talent name'), { target: { value: '小林' } });
    await chooseOption(formItem('Industry', dialog), 'Beauty');
    await chooseOption(formItem('Status', dialog), 'Communicating');
    await chooseOption(formItem('Labels', dialog), 'Quality');
    await chooseOption(formItem('Labels', dialog), '直播');
    await chooseOption(formItem('Contact method', dialog), 'WeChat');
    fireEvent.change(input(dialog, 'Contact info'), { target: { value: 'lin_wx' } });
    fireEvent.change(input(dialog, 'Fans'), { target: { value: '12000' } });
    fireEvent.change(input(dialog, 'Video GPM (CNY)'), { target: { value: '12.34' } });
    fireEvent.change(input(dialog, 'Business amount (CNY)'), { target: { value: '1000.5' } });
    fireEvent.change(input(dialog, 'Deal count'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A talent with ID dy_1 already exists on this platform: 小林'),
    ).toBeInTheDocument();
    expect(saved[0]).toEqual({
      platform: 'douyin',
      platformTalentId: 'dy_1',
      creatorUserOpenId: null,
      buyinId: null,
      buyinUid: null,
      name: '小林',
      shopName: '',
      industry: 'beauty',
      labels: ['quality', '直播'],
      status: 'communicating',
      contactMethod: 'wechat',
      contactInfo: 'lin_wx',
      fansCount: 12000,
      videoAvgViews: 0,
      videoGpmFen: 1234,
      liveAvgViews: 0,
      liveGpmFen: 0,
      businessAmountFen: 100050,
      dealCount: 7,
      remark: '',
      addedAt: null,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a talent’s platform identity', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('asks a TikTok talent for its username and an optional open id, by TikTok’s rules', async () => {
    const saved: unknown[] = [];
    stubApi((body, method) => {
      if (method === 'POST') saved.push(body);
      return ok(body);
    });
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('TikTok open ID')).toBeNull();
    await chooseOption(formItem('Platform', dialog), 'TikTok');
    const handle = () => input(dialog, 'TikTok username');
    expect(await within(dialog).findByText('TikTok open ID')).toBeInTheDocument();
    expect(within(dialog).queryByText('Buyin ID')).toBeNull();
    fireEvent.change(handle(), { target: { value: 'lily-chen' } });
    fireEvent.change(input(dialog, 'Talent name'), { target: { value: 'Lily' } });
    fireEvent.change(input(dialog, 'TikTok open ID'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'A TikTok username may contain only letters, digits, underscores and periods, and cannot end with a period',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('The TikTok open ID is not valid: 8 to 128 letters, digits, _ or -'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);

    fireEvent.change(handle(), { target: { value: '@lily.chen' } });
    fireEvent.change(input(dialog, 'TikTok open ID'), {
      target: { value: 'uACafQAAAABm-lily_open' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      platform: 'tiktok',
      platformTalentId: '@lily.chen',
      creatorUserOpenId: 'uACafQAAAABm-lily_open',
      buyinId: null,
      buyinUid: null,
    });
  });

  it('asks a Douyin talent for its 百应ID and uid, and fills an edit from the identity', async () => {
    const calls: Array<{ method: string; body: unknown }> = [];
    stubApi((body, method) => {
      calls.push({ method, body });
      return ok(body);
    });
    open(
      makeTalent(7, {
        identity: { platform: 'douyin', talentId: 'dy7', buyinId: '7012345678', uid: 'v2_abc' },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(input(dialog, 'Buyin ID')).toHaveValue('7012345678'));
    expect(input(dialog, 'Buyin UID')).toHaveValue('v2_abc');
    expect(within(dialog).queryByText('TikTok open ID')).toBeNull();
    fireEvent.change(input(dialog, 'Buyin ID'), { target: { value: '70x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A Buyin ID contains digits only')).toBeInTheDocument();
    fireEvent.change(input(dialog, 'Buyin ID'), { target: { value: '7099' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      platform: 'douyin',
      platformTalentId: 'dy7',
      buyinId: '7099',
      buyinUid: 'v2_abc',
      creatorUserOpenId: null,
    });
  });
});

describe('add talent in Chinese', () => {
  beforeEach(async () => {
    await resetApp('zh-CN');
    signIn();
  });

  it('says what is wrong in Chinese', async () => {
    stubApi();
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加达人')).toBeInTheDocument();
    fireEvent.change(input(dialog, '粉丝数'), { target: { value: '-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择平台')).toBeInTheDocument();
    expect(within(dialog).getByText('达人 ID 不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('达人名称不能为空')).toBeInTheDocument();
    // A TikTok talent's ID is its username, checked by TikTok's rules.
    await chooseOption(formItem('平台', dialog), 'TikTok');
    fireEvent.change(input(dialog, 'TikTok 用户名'), { target: { value: 'lily.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText(
        'TikTok 用户名只能包含字母、数字、下划线和点，且不能以点结尾',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('TikTok Open ID')).toBeInTheDocument();
  });
});

describe('edit talent', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('fills the form from the row (yuan from fen) and saves with PUT', async () => {
    const calls: Array<{ method: string; path: string; body: unknown }> = [];
    stubFetch((url, init) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method: init.method ?? 'GET', path: pathOf(url), body });
      if (pathOf(url) === apiPaths.talents.facets) return ok({ shopNames: [], labels: [] });
      return ok(body);
    });
    open(makeTalent(5, { name: 'Editable', videoGpmFen: 12_345 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit talent')).toBeInTheDocument();
    await waitFor(() => expect(input(dialog, 'Talent name')).toHaveValue('Editable'));
    expect(input(dialog, 'Video GPM (CNY)')).toHaveValue('123.45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(apiPaths.talents.one(5));
    expect(put?.body).toMatchObject({
      name: 'Editable',
      videoGpmFen: 12_345,
      status: 'pending_contact',
    });
  });

  it('closes an untouched edit at once and asks before discarding a changed one', async () => {
    stubApi();
    const { onClose } = open(makeTalent(5, { name: 'Editable', remark: 'keeps samples' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(input(dialog, 'Talent name')).toHaveValue('Editable'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard your changes?')).toBeNull();

    fireEvent.change(input(dialog, 'Talent name'), { target: { value: 'Edited' } });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(input(dialog, 'Talent name')).toHaveValue('Edited');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('sends the status a blacklisted talent will return to', () => {
    const values = { status: 'blacklisted', platform: 'douyin' } as unknown as TalentForm;
    const row = makeTalent(9, { status: 'blacklisted', statusBeforeBlacklist: 'cooperating' });
    expect(toTalentBody(values, row).status).toBe('cooperating');
    const fresh = makeTalent(9, { status: 'blacklisted', statusBeforeBlacklist: null });
    expect(toTalentBody(values, fresh).status).toBe('pending_contact');
  });
});
