import { once } from 'node:events';
import { gatewayContext } from '@dataplat/gateway';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderGraphQLErrors, sendRendered } from './envelope';
import type { OperationExecutor } from './executor';
import type { Download } from './route-spec';
import type { CompiledRoute } from './route-table';

/** Serialises download pages: a start, each page's items, an end (all text). */
export interface DownloadWriter {
  contentType: string;
  extension: string;
  start(): string;
  items(items: Array<Record<string, unknown>>): string;
  end(): string;
}

/** CSV per RFC 4180 (csv-stringify: CRLF line ends, fields with `"`, `,` or line breaks quoted, `"` doubled), with a header row. */
export function csvWriter(columns: Download['columns']): DownloadWriter {
  return {
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    start: () => stringify([columns.map(([, header]) => header)], { record_delimiter: 'windows' }),
    items: (items) => (items.length ? stringify(items.map((item) => columns.map(([field]) => cell(pick(item, field)))), { record_delimiter: 'windows' }) : ''),
    end: () => '',
  };
}

/** One JSON array, written item by item. */
export function jsonWriter(): DownloadWriter {
  let first = true;
  return {
    contentType: 'application/json; charset=utf-8',
    extension: 'json',
    start: () => '[',
    items: (items) => {
      if (!items.length) return '';
      const text = (first ? '\n' : ',\n') + items.map((i) => JSON.stringify(i)).join(',\n');
      first = false;
      return text;
    },
    end: () => (first ? ']' : '\n]'),
  };
}

/**
 * Serves a download route (RouteSpec.download). The first page decides: errors are the
 * ordinary envelope (401, 403, 400 ...); otherwise the response is a chunked attachment and
 * the operation runs again for each next page with the caller's same principal, writing each
 * page as it comes and waiting for the client to drain (memory stays one page). A failure
 * after the first page aborts the response (no final chunk), so the client sees it incomplete.
 */
export async function streamDownload(route: CompiledRoute & { download: Download }, executor: OperationExecutor, request: FastifyRequest, reply: FastifyReply, variables: Record<string, unknown>, path: string): Promise<unknown> {
  const context = gatewayContext(request);
  const { download } = route;
  let result = await executor.execute(route, variables, context);
  if (result.errors?.length) return sendRendered(request, reply, renderGraphQLErrors(result.errors, request.id, path));
  let page = (result.data?.[route.result] ?? {}) as Record<string, unknown>;
  const writer = page[download.formatField] === 'json' ? jsonWriter() : csvWriter(download.columns);
  const filename = `${download.filename}-${new Date().toISOString().slice(0, 10)}.${writer.extension}`;

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': writer.contentType,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  raw.on('close', () => (closed = true));
  const write = async (text: string) => {
    if (text && !raw.write(text) && !closed) await once(raw, 'drain');
  };
  try {
    await write(writer.start());
    for (;;) {
      await write(writer.items((page[download.items] as Array<Record<string, unknown>>) ?? []));
      const cursor = page[download.nextCursor];
      if (cursor == null || closed) break;
      result = await executor.execute(route, { ...variables, [download.cursorVariable]: cursor }, context);
      if (result.errors?.length) throw new Error(`download page failed: ${JSON.stringify(result.errors[0])}`);
      page = (result.data?.[route.result] ?? {}) as Record<string, unknown>;
    }
    if (!closed) {
      await write(writer.end());
      raw.end();
    }
  } catch (e) {
    request.log.error({ err: e, route: route.path }, 'download failed');
    raw.destroy(e as Error);
  }
  return undefined;
}

function pick(item: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), item);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
