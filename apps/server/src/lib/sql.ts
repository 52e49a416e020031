/** Escapes LIKE wildcards so a keyword matches itself literally (backslash is Postgres' default escape). */
export function likeContains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Offset of a page (pages start at 1). */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
