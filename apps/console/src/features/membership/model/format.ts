import type { Locale } from '@inviteflow/contract';
import { formatYuan } from '@/lib/format-number.ts';

/** An amount in fen as the membership pages show it: ¥299.00. */
export function yuan(fen: number | null | undefined, locale: Locale): string {
  return fen === null || fen === undefined ? '—' : `¥${formatYuan(fen, locale)}`;
}
