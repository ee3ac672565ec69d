import pino, { type Logger } from 'pino';

export type { Logger };

/** Fields that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.apiKey',
  '*.secret',
];

export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
