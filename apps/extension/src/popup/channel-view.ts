import type { Locale } from '@inviteflow/contract';
import { t, type TextKey } from '../locale/index.ts';
import { boundPacing, PACING_BOUNDS, type ChannelPacing } from '../channel/pacing.ts';
import type { ChannelStatus } from '../channel/status.ts';

/**
 * The browser channel's part of the popup (issue 17): its state, the action in hand with its
 * progress, the stop in force with its reason and remedy (`channelSection`), and the pacing
 * settings (`pacingSection`). Status lives here, never in the platform's page.
 */
export interface ChannelModel {
  enabled: boolean;
  status: ChannelStatus;
  pacing: ChannelPacing;
}

export interface ChannelActions {
  setEnabled(enabled: boolean): void;
  savePacing(pacing: ChannelPacing): void;
}

function el(
  document: Document,
  tag: string,
  props: Record<string, string> = {},
  ...children: Array<Node | string | null>
) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (name === 'class') element.className = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

function field(
  document: Document,
  label: string,
  name: string,
  type: string,
  value: string,
  extra: Record<string, string> = {},
) {
  const input = el(document, 'input', { name, type, value, ...extra }) as HTMLInputElement;
  return {
    input,
    row: el(document, 'label', { class: 'field' }, el(document, 'span', {}, label), input),
  };
}

export function channelSection(
  document: Document,
  locale: Locale,
  model: ChannelModel,
  actions: ChannelActions,
): HTMLElement {
  const text = (key: TextKey, params?: Record<string, string | number>) => t(locale, key, params);
  const { status } = model;
  const toggle = el(document, 'input', {
    type: 'checkbox',
    name: 'channel-enabled',
  }) as HTMLInputElement;
  toggle.checked = model.enabled;
  toggle.addEventListener('change', () => actions.setEnabled(toggle.checked));

  const progress = status.action
    ? el(
        document,
        'p',
        { 'data-field': 'channel-progress' },
        text('channel.progress', {
          shop: status.action.shopName,
          kind: text(`channel.kind.${status.action.kind}` as TextKey),
          sent: status.action.sent,
          total: status.action.total,
          failed: status.action.failed,
        }),
      )
    : null;
  const stop = status.stop
    ? el(
        document,
        'div',
        { class: 'channel-stop', 'data-reason': status.stop.reason },
        el(
          document,
          'strong',
          {},
          text(`channel.stop.${status.stop.reason}` as TextKey, {
            pack: status.stop.packVersion ?? '',
          }),
        ),
        el(document, 'p', {}, text(`channel.stop.${status.stop.reason}.remedy` as TextKey)),
        status.stop.pending
          ? el(document, 'p', {}, text('channel.pending', { count: status.stop.pending }))
          : null,
      )
    : null;
  // What the waiting is for, when it is more than "no batch yet" (the claim's `waiting`).
  const waitingFor =
    status.state === 'waiting' && status.waiting && WAITING_REASONS.has(status.waiting)
      ? el(
          document,
          'p',
          { 'data-field': 'channel-waiting' },
          text(`channel.waiting.${status.waiting}` as TextKey),
        )
      : null;
  const doubt = status.inDoubt
    ? el(document, 'p', { class: 'channel-doubt' }, text('channel.inDoubt'))
    : null;

  return el(
    document,
    'section',
    { 'data-section': 'channel', 'data-state': status.state },
    el(document, 'h2', {}, text('channel.title')),
    el(document, 'label', { class: 'toggle' }, toggle, text('channel.enabled')),
    el(
      document,
      'p',
      { 'data-field': 'channel-state' },
      text(`channel.state.${status.state}` as TextKey),
    ),
    waitingFor,
    progress,
    stop,
    doubt,
  );
}

/** The claim's `waiting` values the popup explains (contract browserClaimData), and `unreachable`. */
const WAITING_REASONS: ReadonlySet<string> = new Set([
  // Not the server's: the claim itself did not get through.
  'unreachable',
  'daily_allowance',
  'shop_stopped',
  'pack_stopped',
]);

/**
 * The pacing settings, a section of their own: the popup keeps it (and what the seller is
 * typing in it) while the channel's status redraws around it every few seconds.
 */
export function pacingSection(
  document: Document,
  locale: Locale,
  pacing: ChannelPacing,
  savePacing: ChannelActions['savePacing'],
): HTMLElement {
  const text = (key: TextKey, params?: Record<string, string | number>) => t(locale, key, params);
  const bounds = { min: String(PACING_BOUNDS.minSeconds), max: String(PACING_BOUNDS.maxSeconds) };
  const min = field(
    document,
    text('channel.pacing.min'),
    'min-delay',
    'number',
    String(pacing.minDelaySeconds),
    bounds,
  );
  const max = field(
    document,
    text('channel.pacing.max'),
    'max-delay',
    'number',
    String(pacing.maxDelaySeconds),
    bounds,
  );
  const start = field(
    document,
    text('channel.pacing.start'),
    'work-start',
    'time',
    pacing.workStart,
  );
  const end = field(document, text('channel.pacing.end'), 'work-end', 'time', pacing.workEnd);
  const save = el(
    document,
    'button',
    { type: 'button', class: 'secondary', 'data-action': 'save-pacing' },
    text('channel.pacing.save'),
  );
  save.addEventListener('click', () =>
    savePacing(
      boundPacing({
        minDelaySeconds: Number(min.input.value) || PACING_BOUNDS.minSeconds,
        maxDelaySeconds: Number(max.input.value) || PACING_BOUNDS.minSeconds,
        workStart: start.input.value || pacing.workStart,
        workEnd: end.input.value || pacing.workEnd,
      }),
    ),
  );

  return el(
    document,
    'section',
    { 'data-section': 'channel-pacing' },
    el(
      document,
      'details',
      {},
      el(document, 'summary', {}, text('channel.pacing.title')),
      el(
        document,
        'p',
        {},
        text('channel.pacing.delay', {
          min: pacing.minDelaySeconds,
          max: pacing.maxDelaySeconds,
        }),
      ),
      el(
        document,
        'p',
        {},
        text('channel.pacing.hours', { start: pacing.workStart, end: pacing.workEnd }),
      ),
      min.row,
      max.row,
      start.row,
      end.row,
      el(
        document,
        'p',
        { class: 'hint' },
        text('channel.pacing.bounds', { min: bounds.min, max: bounds.max }),
      ),
      save,
    ),
  );
}
