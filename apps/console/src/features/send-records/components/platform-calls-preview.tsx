import { Typography } from '@arco-design/web-react';
import {
  planTikTokCalls,
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

/** The preview's line on the platform calls, for a TikTok shop's task of some talents. */
export function PlatformCallsPreview({
  platform,
  taskType,
  creators,
  products,
}: {
  platform: Platform | undefined;
  taskType: TaskType | undefined;
  creators: number;
  products: number;
}) {
  const { t, locale } = useSendRecordsT();
  if (platform !== 'tiktok' || !taskType || creators === 0) return null;
  return (
    <Typography.Text type="secondary" data-testid="send-preview-calls">
      {platformCallsText(planTikTokCalls(taskType, creators, products), t, locale)}
    </Typography.Text>
  );
}
