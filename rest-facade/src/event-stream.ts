import { gatewayContext } from '@dataplat/gateway';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderGraphQLErrors, sendRendered } from './envelope';
import type { OperationExecutor } from './executor';
import type { EventStream } from './route-spec';
import type { CompiledRoute } from './route-table';

/** One server-sent event (`data` is JSON on one line). */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Serves a streaming route (RouteSpec.stream) as server-sent events. The first run of the
 * operation decides: errors are the ordinary envelope (401, 403, 404 ...); otherwise the
 * response becomes `text/event-stream` and the operation runs again every interval, with the
 * caller's same principal, until the result is final, the timeout passes or the client leaves.
 */
export async function streamEvents(route: CompiledRoute & { stream: EventStream }, executor: OperationExecutor, request: FastifyRequest, reply: FastifyReply, variables: Record<string, unknown>, path: string): Promise<unknown> {
  const context = gatewayContext(request);
  const run = () => executor.execute(route, variables, context);
  const first = await run();
  if (first.errors?.length) return sendRendered(request, reply, renderGraphQLErrors(first.errors, request.id, path));

  const { stream } = route;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  raw.on('close', () => (closed = true));
  const deadline = Date.now() + stream.timeoutMs;
  let payload: unknown = first.data?.[route.result] ?? null;
  try {
    for (;;) {
      raw.write(sseFrame(stream.event, payload));
      if (stream.done(payload)) {
        raw.write(sseFrame(stream.finalEvent, payload));
        break;
      }
      const wait = Math.min(stream.intervalMs, deadline - Date.now());
      if (wait <= 0) {
        raw.write(sseFrame('timeout', { timeoutMs: stream.timeoutMs }));
        break;
      }
      await new Promise((r) => setTimeout(r, wait));
      if (closed) return;
      const next = await run();
      if (next.errors?.length) {
        raw.write(sseFrame('error', renderGraphQLErrors(next.errors, request.id, path).body));
        break;
      }
      payload = next.data?.[route.result] ?? null;
    }
  } catch (e) {
    request.log.error({ err: e, route: route.path }, 'event stream failed');
  }
  if (!closed) raw.end();
  return undefined;
}
