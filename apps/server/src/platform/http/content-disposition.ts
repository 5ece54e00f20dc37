/**
 * RFC 6266 / RFC 5987 Content-Disposition with a UTF-8 file name and an ASCII fallback,
 * so Chinese and Thai file names survive every browser.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
