import { describe, expect, it } from 'vitest';
import { PrettyLogFormatter, PrettyLogStream, type LogEntry } from './pretty-log.ts';

const at = new Date(2026, 10, 25, 9, 5, 7).getTime();
const line = (entry: LogEntry) => JSON.stringify({ pid: 1, hostname: 'h', time: at, ...entry });

function incoming(reqId: string, method: string, url: string) {
  return line({ level: 30, reqId, req: { method, url }, msg: 'incoming request' });
}
function completed(reqId: string, statusCode: number, responseTime = 12.345) {
  return line({ level: 30, reqId, res: { statusCode }, responseTime, msg: 'request completed' });
}

describe('the pretty log', () => {
  it('prints one line per request: time, method, path with its query, status, time taken', () => {
    const log = new PrettyLogFormatter({ color: false });
    expect(log.format(incoming('req-1', 'GET', '/api/v1/talents?page=2&keyword=王'))).toBe('');
    expect(log.format(completed('req-1', 200))).toBe(
      '09:05:07 GET    /api/v1/talents?page=2&keyword=王 200 12.3 ms\n',
    );
    // Requests overlap: each completion finds its own request.
    log.format(incoming('req-2', 'POST', '/api/v1/auth/login'));
    log.format(incoming('req-3', 'DELETE', '/api/v1/talents/7'));
    expect(log.format(completed('req-3', 404, 2))).toContain('DELETE /api/v1/talents/7 404 2.0 ms');
    expect(log.format(completed('req-2', 429, 3))).toContain(
      'POST   /api/v1/auth/login 429 3.0 ms',
    );
  });

  it('keeps the URL as the request serializer wrote it (a download token stays redacted)', () => {
    const log = new PrettyLogFormatter({ color: false });
    log.format(incoming('req-1', 'GET', '/api/v1/talents/exports/download/[redacted]'));
    expect(log.format(completed('req-1', 200))).toContain(
      'GET    /api/v1/talents/exports/download/[redacted] 200',
    );
  });

  it('marks warnings and errors, with their details, the request they happened in and the stack', () => {
    const log = new PrettyLogFormatter({ color: false });
    expect(
      log.format(line({ level: 40, msg: 'console build not found', consoleDir: '/x/dist' })),
    ).toBe('09:05:07  WARN  console build not found  consoleDir=/x/dist\n');

    log.format(incoming('req-9', 'POST', '/api/v1/talents/import'));
    const error = log.format(
      line({
        level: 50,
        reqId: 'req-9',
        msg: 'request failed',
        err: {
          type: 'Error',
          message: 'disk full',
          stack: 'Error: disk full\n    at write (a.ts:1:2)',
        },
      }),
    );
    expect(error).toBe(
      '09:05:07  ERROR  request failed: disk full  during POST /api/v1/talents/import\n' +
        '      at write (a.ts:1:2)\n',
    );
  });

  it('gives a verification code of the console SMS provider a marked line of its own', () => {
    const log = new PrettyLogFormatter({ color: false });
    const message = '[sms:console] verification code for 13800138000 (register): 123456';
    expect(
      log.format(line({ level: 30, msg: message, sms: { code: '123456', phoneNumber: '1' } })),
    ).toBe(`09:05:07  SMS  ${message}\n`);
  });

  it('prints other lines with their level and details, and passes non-JSON through', () => {
    const log = new PrettyLogFormatter({ color: false });
    expect(log.format(line({ level: 30, msg: 'shutting down', signal: 'SIGTERM' }))).toBe(
      '09:05:07 INFO  shutting down  signal=SIGTERM\n',
    );
    expect(log.format('not json')).toBe('not json\n');
  });

  it('colours status, warnings, errors and codes on a terminal, and nothing without one', () => {
    const colored = new PrettyLogFormatter({ color: true });
    colored.format(incoming('r', 'GET', '/api/v1/x'));
    expect(colored.format(completed('r', 500))).toContain('\u001b[31m500\u001b[0m');
    expect(colored.format(line({ level: 40, msg: 'slow' }))).toContain('\u001b[30;43m WARN ');
    expect(colored.format(line({ level: 50, msg: 'bad' }))).toContain('\u001b[97;41m ERROR ');
    const sms = colored.format(line({ level: 30, msg: '[sms:console] code for 1: 654321' }));
    // The message stays whole, so a search for it (or a test's pattern) still finds it.
    expect(sms).toContain('[sms:console] code for 1: 654321');
    expect(sms).toContain('\u001b[30;46m SMS ');

    const plain = new PrettyLogFormatter({ color: false });
    plain.format(incoming('r', 'GET', '/api/v1/x'));
    expect(plain.format(completed('r', 500))).not.toContain('\u001b');
  });

  it('is the stream pino writes to: formatted lines out, request lines held until complete', () => {
    const out: string[] = [];
    const stream = new PrettyLogStream(
      { write: (text: string) => out.push(text) },
      { color: false },
    );
    stream.write(`${incoming('a', 'GET', '/')}\n`);
    expect(out).toEqual([]);
    stream.write(`${completed('a', 304)}\n`);
    expect(out).toEqual(['09:05:07 GET    / 304 12.3 ms\n']);
  });
});
