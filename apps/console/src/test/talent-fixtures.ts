import type { Talent } from '@inviteflow/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';

/** A talent as the API answers it (its identity from its platform and ID unless given). */
export function makeTalent(id: number, overrides: Partial<Talent> = {}): Talent {
  const platform = overrides.platform ?? 'douyin';
  const platformTalentId = overrides.platformTalentId ?? `dy${id}`;
  return {
    id,
    identity:
      platform === 'tiktok'
        ? { platform, handle: platformTalentId, creatorUserOpenId: null }
        : { platform, talentId: platformTalentId, buyinId: null, uid: null },
    platform: 'douyin',
    platformTalentId: `dy${id}`,
    name: `Talent ${id}`,
    shopName: 'Home Goods Store',
    industry: 'home',
    labels: ['quality', 'live'],
    status: 'pending_contact',
    statusBeforeBlacklist: null,
    contactMethod: 'wechat',
    contactInfo: `wx_${id}`,
    fansCount: 12_000 + id,
    videoAvgViews: 3_400,
    videoGpmFen: 12_345,
    liveAvgViews: 800,
    liveGpmFen: 50_000,
    businessAmountFen: 1_234_567,
    dealCount: 42,
    figuresSyncedAt: null,
    figuresCurrency: null,
    remark: '',
    addedAt: '2025-03-08T06:05:09.000Z',
    createdAt: '2025-03-08T06:05:09.000Z',
    updatedAt: '2025-03-09T06:05:09.000Z',
    ...overrides,
  };
}

/** The query of a request URL as a plain object, for exact comparisons. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://127.0.0.1').searchParams);
}

export function pathOf(url: string): string {
  return new URL(url, 'http://127.0.0.1').pathname;
}

/** Opens an Arco Select (by its element) and clicks the option with this text. */
export async function chooseOption(select: HTMLElement, option: string | RegExp) {
  fireEvent.click(select.querySelector('.arco-select-view') ?? select);
  const popup = await waitFor(() => {
    const popups = [...document.querySelectorAll<HTMLElement>('.arco-select-popup')].filter(
      (element) => within(element).queryByRole('option', { name: option }),
    );
    const last = popups.at(-1);
    if (!last) throw new Error(`no option ${String(option)}`);
    return last;
  });
  const item = within(popup).getByRole('option', { name: option });
  // In multiple mode the option's label (not the list item) takes the click.
  fireEvent.click(item.querySelector('.arco-select-option') ?? item);
}

/** The form item (label and control) with this label text. */
export function formItem(label: string | RegExp, container: HTMLElement = document.body) {
  const labels = within(container).getAllByText(label, { selector: 'label, label *' });
  const item = labels[0]?.closest('.arco-form-item');
  if (!item) throw new Error(`no form item ${String(label)}`);
  return item as HTMLElement;
}
