/**
 * The log for a person at a terminal (LOG_FORMAT=pretty, the embedded default's): pino's
 * JSON lines, already serialized and redacted, turned into one short line each, and one
 * line per request (Fastify logs "incoming request" and "request completed": the first is
 * remembered, the second printed with it). Warnings and errors stand out; verification
 * codes of the console SMS provider (`[sms:console]`) get a line marked for the eye.
 *
 * It runs in the server's own thread, as the stream pino writes to: a pino transport
 * would start a worker thread (another V8 heap) for what is a few string operations.
 */

/** A pino line as JSON (the fields this formatter reads). */
export interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const levels: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const ansi = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  cyan: '\u001b[36m',
  inverseYellow: '\u001b[30;43m',
  inverseRed: '\u001b[97;41m',
  inverseCyan: '\u001b[30;46m',
} as const;

type Paint = (codes: string, text: string) => string;

/** Fields every line carries (or that the line itself shows): not repeated as details. */
const shownFields = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

/** Requests seen coming in and not yet completed, at most this many (a bound, not a cache). */
const PENDING_MAX = 10_000;

function clock(time: number | undefined): string {
  const date = new Date(time ?? Date.now());
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

function detail(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function statusColor(status: number): string {
  if (status >= 500) return ansi.red;
  if (status >= 400) return ansi.yellow;
  if (status >= 300) return ansi.cyan;
  return ansi.green;
}

export interface PrettyLogOptions {
  /** ANSI colours (a terminal); without them, labels alone mark what matters. */
  color: boolean;
}

/**
 * Turns pino's JSON lines into lines for a person. Keeps, per request in flight, its
 * method and URL (from "incoming request") until "request completed" prints them.
 */
export class PrettyLogFormatter {
  private readonly pending = new Map<string, { method: string; url: string }>();
  private readonly paint: Paint;

  constructor(options: PrettyLogOptions) {
    this.paint = options.color ? (codes, text) => `${codes}${text}${ansi.reset}` : (_c, t) => t;
  }

  /** The text to print for one JSON line (several lines, or none), each ending in \n. */
  format(line: string): string {
    let entry: LogEntry;
    try {
      entry = JSON.parse(line) as LogEntry;
    } catch {
      return line.endsWith('\n') ? line : `${line}\n`;
    }
    const text = this.formatEntry(entry);
    return text === null ? '' : `${text}\n`;
  }

  formatEntry(entry: LogEntry): string | null {
    const paint = this.paint;
    const time = paint(ansi.dim, clock(entry.time));
    const level = entry.level ?? 30;

    if (entry.msg === 'incoming request' && entry.reqId && entry.req) {
      if (this.pending.size >= PENDING_MAX) this.pending.clear();
      this.pending.set(entry.reqId, {
        method: entry.req.method ?? '?',
        url: entry.req.url ?? '?',
      });
      return null;
    }
    if (entry.msg === 'request completed' && entry.res?.statusCode !== undefined) {
      const request = entry.reqId ? this.pending.get(entry.reqId) : undefined;
      if (entry.reqId) this.pending.delete(entry.reqId);
      return this.requestLine(time, entry, request);
    }

    const message = entry.msg ?? '';
    if (message.startsWith('[sms:console]')) {
      // What a developer looks for in the log: the code to type. Its own marked line.
      return `${time} ${paint(ansi.inverseCyan, ' SMS ')} ${paint(ansi.bold + ansi.cyan, message)}`;
    }

    const label = levels[level] ?? String(level);
    const details = Object.entries(entry)
      .filter(([field, value]) => !shownFields.has(field) && value !== undefined)
      .map(([field, value]) => `${field}=${detail(value)}`);
    const request = entry.reqId ? this.pending.get(entry.reqId) : undefined;
    if (request && level >= 40) details.push(`during ${request.method} ${request.url}`);
    let text = message;
    if (entry.err?.message && entry.err.message !== message) {
      text = text ? `${text}: ${entry.err.message}` : entry.err.message;
    }
    if (details.length) text += paint(ansi.dim, `  ${details.join(' ')}`);

    let head: string;
    if (level >= 50) {
      head = `${time} ${paint(ansi.inverseRed, ` ${label} `)} ${paint(ansi.bold + ansi.red, text)}`;
    } else if (level >= 40) {
      head = `${time} ${paint(ansi.inverseYellow, ` ${label} `)} ${paint(ansi.yellow, text)}`;
    } else {
      head = `${time} ${paint(ansi.dim, label.padEnd(5))} ${text}`;
    }
    // An error's stack, indented under it: where it happened is what the reader needs next.
    if (level >= 50 && entry.err?.stack) {
      const stack = entry.err.stack
        .split('\n')
        .slice(1)
        .map((frame) => `      ${frame.trim()}`)
        .join('\n');
      if (stack) head += `\n${paint(ansi.dim, stack)}`;
    }
    return head;
  }

  private requestLine(
    time: string,
    entry: LogEntry,
    request: { method: string; url: string } | undefined,
  ): string {
    const paint = this.paint;
    const status = entry.res!.statusCode!;
    const method = (request?.method ?? '?').padEnd(6);
    const url = request?.url ?? `(request ${entry.reqId ?? '?'})`;
    const ms = typeof entry.responseTime === 'number' ? `${entry.responseTime.toFixed(1)} ms` : '';
    // The console's own files are many per page and rarely news: dimmed when they load.
    const quiet = status < 400 && !url.startsWith('/api');
    const body = `${method} ${url}`;
    return [
      time,
      quiet ? paint(ansi.dim, body) : paint(ansi.bold, body),
      paint(statusColor(status), String(status)),
      paint(ansi.dim, ms),
    ].join(' ');
  }
}

/** The stream pino writes to in pretty mode: each JSON line goes out formatted. */
export class PrettyLogStream {
  private readonly formatter: PrettyLogFormatter;

  constructor(
    private readonly out: { write(text: string): unknown },
    options: PrettyLogOptions,
  ) {
    this.formatter = new PrettyLogFormatter(options);
  }

  write(chunk: string): void {
    let text = '';
    for (const line of chunk.split('\n')) {
      if (line) text += this.formatter.format(line);
    }
    if (text) this.out.write(text);
  }
}
