import { Typography } from '@arco-design/web-react';
import {
  DOUDIAN_PLAN_AUTHORS_MAX,
  batchSizes,
  doudianTaskActions,
  planTikTokCalls,
  type Channel,
  type Locale,
  type Platform,
  type TaskType,
  type TikTokCallPlan,
} from '@inviteflow/contract';
import { formatCount } from '@/lib/format-number.ts';
import { useSendRecordsT } from '../locale/index.ts';

type T = ReturnType<typeof useSendRecordsT>['t'];

/** Batch sizes as a sentence lists them: "50 + 36", "50 and 36". */
function sizesText(sizes: readonly number[], locale: Locale): string {
  const texts = sizes.map((size) => formatCount(size, locale));
  if (locale === 'zh-CN') return texts.join(' + ');
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(texts);
}

/**
 * The platform calls a task will make, in words: "86 位达人 → 2 个定向合作（50 + 36 位达人）",
 * "86 talents → 2 target collaborations of 50 and 36 creators". The counts come from the
 * contract's `planTikTokCalls`, the batching rule the executor follows.
 */
export function platformCallsText(plan: TikTokCallPlan, t: T, locale: Locale): string {
  const count = formatCount(plan.creators, locale);
  if (plan.action === 'browser_only') return t('collab.browserOnly');
  if (plan.action === 'conversation') {
    const cards =
      plan.productCards > 0
        ? t('calls.productCards', { count: formatCount(plan.productCards, locale) })
        : '';
    return t('calls.conversations', { count, cards });
  }
  const text = t('calls.collaborations', {
    count,
    batches: formatCount(plan.collaborations.length, locale),
    sizes: sizesText(plan.collaborations, locale),
    creators: plan.creators,
  });
  return plan.cards > 0
    ? text + t('calls.cards', { count: formatCount(plan.cards, locale) })
    : text;
}

/**
 * A 抖店 task's calls: one 定向计划, then its 达人 20 a call ("25 位达人 → 1 个定向计划，分 2 次
 * 加入（20 + 5 位达人）"), or an application per 团长 with its products. Null for what runs in
 * the browser (the form says so).
 */
export function doudianCallsText(
  taskType: TaskType,
  creators: number,
  products: number,
  t: T,
  locale: Locale,
): string | null {
  const action = doudianTaskActions[taskType];
  if (action === 'orien_plan') {
    const sizes = batchSizes(creators, DOUDIAN_PLAN_AUTHORS_MAX);
    return t('calls.doudianPlan', {
      count: formatCount(creators, locale),
      batches: formatCount(sizes.length, locale),
      sizes: sizesText(sizes, locale),
      creators,
    });
  }
  if (action === 'activity_application') {
    return t('calls.doudianActivity', { count: formatCount(products, locale), products });
  }
  return null;
}

/** The preview's line on the platform calls, for a task of some talents. */
export function PlatformCallsPreview({
  platform,
  channel = 'browser',
  taskType,
  creators,
  products,
}: {
  platform: Platform | undefined;
  channel?: Channel;
  taskType: TaskType | undefined;
  creators: number;
  products: number;
}) {
  const { t, locale } = useSendRecordsT();
  if (!taskType || creators === 0) return null;
  if (platform === 'douyin') {
    const text =
      channel === 'api' ? doudianCallsText(taskType, creators, products, t, locale) : null;
    if (!text) return null;
    return (
      <Typography.Text type="secondary" data-testid="send-preview-calls">
        {text}
      </Typography.Text>
    );
  }
  if (platform !== 'tiktok') return null;
  return (
    <Typography.Text type="secondary" data-testid="send-preview-calls">
      {platformCallsText(planTikTokCalls(taskType, creators, products), t, locale)}
    </Typography.Text>
  );
}
