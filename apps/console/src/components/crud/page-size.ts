import { useAuthStore } from '@/stores/auth-store.ts';

/**
 * The page sizes of the console's lists: one default for every list, the same choices on
 * every pager, and the size a seller picks kept per list and per account in this browser
 * (a list's URL, when it names a size, wins: a shared link shows what its sender saw).
 */
export const LIST_PAGE_SIZE_DEFAULT = 20;
export const pageSizeOptions = [10, 20, 50, 100];

/** The lists whose page size is kept: each pager's own name. */
export type ListKey =
  | 'talents'
  | 'sendRecords'
  | 'blacklist'
  | 'scriptTemplates'
  | 'productTemplates'
  | 'shops'
  | 'membershipRecords'
  | 'messages'
  | 'invitees'
  | 'inviteRewards';

const storageKey = (list: ListKey, accountId: string) => `pageSize:${accountId}:${list}`;

export function isPageSize(value: unknown): value is number {
  return typeof value === 'number' && pageSizeOptions.includes(value);
}

/** The page size kept for this list and the signed-in account, if any. */
export function storedPageSize(list: ListKey): number | undefined {
  const accountId = useAuthStore.getState().accountId;
  if (!accountId) return undefined;
  try {
    const size = Number(localStorage.getItem(storageKey(list, accountId)));
    return isPageSize(size) ? size : undefined;
  } catch {
    // Storage can be unavailable (private mode, full quota): the default serves.
    return undefined;
  }
}

/** Keeps a page size the seller picked for this list. */
export function storePageSize(list: ListKey, size: number): void {
  const accountId = useAuthStore.getState().accountId;
  if (!accountId || !isPageSize(size)) return;
  try {
    localStorage.setItem(storageKey(list, accountId), String(size));
  } catch {
    // Not kept then; the list still works at this size.
  }
}

/** The size a list opens at: the one kept for it, else the default. */
export function initialPageSize(list: ListKey): number {
  return storedPageSize(list) ?? LIST_PAGE_SIZE_DEFAULT;
}
