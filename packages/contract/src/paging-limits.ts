/** Page sizes of the lists (the schemas that check them are in envelope.ts). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

/** A jump by offset (go-to page) of a keyset list may start at most this many rows from either end. */
export const KEYSET_OFFSET_MAX = 10_000;
