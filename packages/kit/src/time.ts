/**
 * An ISO 8601 date (`2026-11-21`, midnight UTC) or date-time (`2026-11-21T10:00:00Z`, with
 * an offset or Z) from query text; null when it is not one. For date query parameters, which
 * stay String arguments so that bad input is a 400 of the service's choosing.
 */
export function parseIsoInstant(text: string): Date | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i.test(t)) return null;
  const d = new Date(t.length === 10 ? `${t}T00:00:00Z` : t.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}
