/**
 * `attachment` with an ASCII fallback name and the real (e.g. Chinese) name in
 * RFC 5987 form, which every current browser prefers.
 */
export function attachment(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
