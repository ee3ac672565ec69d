// Fixed-concurrency, fixed-duration load with autocannon. autocannon's own latency histogram
// has 1 ms resolution, too coarse for sub-millisecond paths, so every response time (float ms,
// from its hrtime measurement) also goes into an HDR histogram in microseconds.
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';

hdr.initWebAssemblySync();

export async function drive({ url, method = 'GET', headers = {}, body, connections, durationSeconds, requests }) {
  const histogram = hdr.build({ useWebAssembly: true, lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
  let non2xx = 0;
  const instance = autocannon({
    url,
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    requests,
    connections,
    duration: durationSeconds,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    histogram.recordValue(Math.max(1, Math.round(responseTimeMs * 1000)));
    if (statusCode < 200 || statusCode >= 300) non2xx++;
  });
  const result = await instance;
  const us = (p) => histogram.getValueAtPercentile(p) / 1000;
  const out = {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: us(50),
    p95: us(95),
    p99: us(99),
    errors: result.errors + result.timeouts + non2xx,
  };
  histogram.destroy();
  return out;
}
