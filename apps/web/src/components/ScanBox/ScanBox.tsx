import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
  ScanOutlined,
} from '@ant-design/icons';
import { Button, Input, type InputRef, Tag } from 'antd';
import { type CSSProperties, type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../lib/feedback';
import { isApiError } from '../../lib/request';
import { beep, type ScanTone } from './beep';
import { SCAN_FIELD_SELECTOR, setFieldValue, textField, WedgeTracker } from './wedge';
import './scan-box.css';

/**
 * The scan box of the warehouse screens (screens §0 'Scan box'; docs/web.md). A keyboard-wedge scanner types a
 * code and Enter into it; the box keeps the focus, clears itself at once (the next code can follow while the
 * first is being looked up) and hands the codes to `onScan` one at a time, in the order scanned, never dropping
 * one. Each answer shows as a line under the box with a sound (no modal, so no button can take the next
 * scan's Enter): green for found, red for not found, orange for a repeat. A follow-up such as 'Register no-mark
 * cargo' is offered as a button in that line: a deliberate click or Tab, never the default of Enter.
 *
 * While the screen has a dialog open (`hold`, or the `until` promise of the answer that opened it) scans are not
 * typed into the dialog's fields: key presses that come as fast as a scanner's (wedge.ts) are taken back out of
 * the field they fell into and handled as a scan: offered to `onHeldScan` (say, tick an express number in the
 * dialog), otherwise queued, with a message, until the dialog closes. A field marked with `SCAN_FIELD` keeps a
 * scan typed into it; only the scanner's Enter is held back.
 */
export interface ScanFeedback {
  /** ok: found (green, high beep); info: waiting or for information; warn: repeat or wrong state; error: not found. */
  tone: ScanTone;
  message: ReactNode;
  /** A deliberate follow-up offered beside the message. */
  action?: { label: ReactNode; onClick: () => void; testId?: string };
  /** The scan opened something (a dialog): the next scans wait until this settles. */
  until?: Promise<unknown>;
}

export interface ScanBoxProps {
  /** Looks a code up and acts on it; called one code at a time. A rejection shows the error's message. */
  onScan: (code: string) => Promise<ScanFeedback> | ScanFeedback;
  /** A scan that arrives while a dialog is open: handle it there and then, or answer undefined to queue it. */
  onHeldScan?: (code: string) => ScanFeedback | undefined;
  /** True while the screen shows a dialog: scans wait (or go to onHeldScan) instead of reaching its fields. */
  hold?: boolean;
  /** Translation key of the placeholder. */
  placeholder?: string;
  testId?: string;
  style?: CSSProperties;
}

interface Shown extends ScanFeedback {
  code: string;
  seq: number;
}

const ICONS: Record<ScanTone, ReactNode> = {
  ok: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warn: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};
const TOASTS = { ok: 'success', info: 'info', warn: 'warning', error: 'error' } as const;

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

const inputOf = (ref: RefObject<InputRef | null>) => ref.current?.input ?? null;
/** On screen: kept-alive tabs that are not shown sit under a `hidden` element. */
const shownNow = (el: HTMLElement | null) => Boolean(el?.isConnected && !el.closest('[hidden]'));

/** The page's text field the user is typing in, other than the box (the box does not take the focus from it). */
function typingElsewhere(box: HTMLInputElement | null | undefined) {
  const active = document.activeElement;
  return Boolean(active && active !== box && (textField(active) || (active as HTMLElement).isContentEditable));
}

export function ScanBox({ onScan, onHeldScan, hold = false, placeholder, testId, style }: ScanBoxProps) {
  const { t } = useTranslation();
  const inputRef = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [queued, setQueued] = useState(0);
  const [busy, setBusy] = useState(false);
  const queue = useRef<string[]>([]);
  const current = useRef<string | null>(null);
  const running = useRef(false);
  const waiting = useRef(false);
  const seq = useRef(0);
  const holdRef = useRef(hold);
  holdRef.current = hold;
  const handlers = useRef({ onScan, onHeldScan, t });
  handlers.current = { onScan, onHeldScan, t };

  const held = useCallback(() => holdRef.current || waiting.current, []);
  const focusBox = useCallback(() => {
    if (!held() && shownNow(inputOf(inputRef))) inputRef.current?.focus({ preventScroll: true });
  }, [held]);

  const show = useCallback((answer: ScanFeedback, code: string, toast = false) => {
    seq.current += 1;
    setShown({ ...answer, code, seq: seq.current });
    beep(answer.tone);
    // the line under the box is behind the dialog's mask: say it where the user looks
    if (toast && typeof answer.message === 'string') feedback.message[TOASTS[answer.tone]](answer.message);
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      while (queue.current.length && !holdRef.current) {
        const code = queue.current.shift()!;
        setQueued(queue.current.length);
        current.current = code;
        let answer: ScanFeedback;
        try {
          answer = await handlers.current.onScan(code);
        } catch (error) {
          answer = {
            tone: 'error',
            message: isApiError(error) ? error.message : handlers.current.t('msg_scan_failed', { code }),
          };
        }
        show(answer, code);
        if (answer.until) {
          waiting.current = true;
          setBusy(false);
          await answer.until.catch(() => undefined);
          waiting.current = false;
          setBusy(true);
        }
        current.current = null;
      }
    } finally {
      running.current = false;
      current.current = null;
      setBusy(false);
      focusBox();
    }
  }, [show, focusBox]);

  const submit = useCallback(
    (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      const { t: tr, onHeldScan: onHeld } = handlers.current;
      const isHeld = held();
      if ((current.current && same(current.current, code)) || queue.current.some((q) => same(q, code))) {
        show({ tone: 'warn', message: tr('msg_scan_duplicate', { code }) }, code, isHeld);
        return;
      }
      if (isHeld) {
        const answer = onHeld?.(code);
        if (answer) {
          show(answer, code, true);
          return;
        }
        queue.current.push(code);
        setQueued(queue.current.length);
        show({ tone: 'info', message: tr('msg_scan_waiting', { code }) }, code, true);
        return;
      }
      queue.current.push(code);
      setQueued(queue.current.length);
      void pump();
    },
    [pump, show, held],
  );

  // A dialog closed: the waiting scans go on, and the box takes the focus back.
  useEffect(() => {
    if (hold) return;
    if (queue.current.length) void pump();
    else if (!running.current) focusBox();
  }, [hold, pump, focusBox]);

  // Scans that land outside the box while the screen holds them (a dialog is open, or opened mid-scan).
  useEffect(() => {
    const tracker = new WedgeTracker();
    const onKeyDown = (e: KeyboardEvent) => {
      const box = inputOf(inputRef);
      if (!box || !shownNow(box)) {
        tracker.reset();
        return;
      }
      const scan = tracker.keydown(e);
      if (!scan || e.target === box) return; // the box's own Enter takes a scan typed into it
      if (!held() && !scan.fields.has(box)) return; // a scan into another field of the page (a search form) is its own
      e.preventDefault();
      e.stopImmediatePropagation();
      const target = e.target instanceof Element ? e.target : null;
      if (!scan.fields.has(box) && target?.closest(SCAN_FIELD_SELECTOR)) return; // that field takes scans
      for (const [field, before] of scan.fields) setFieldValue(field, before);
      submit(scan.code);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [submit, held]);

  // Back on this screen's tab (kept alive while hidden): the box takes the focus unless the user is typing elsewhere.
  useEffect(() => {
    const el = inputOf(inputRef);
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !typingElsewhere(el)) focusBox();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [focusBox]);

  return (
    <div className="scan-box" style={style} data-testid={testId}>
      <Input.Search
        ref={inputRef}
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        prefix={<ScanOutlined />}
        suffix={busy ? <LoadingOutlined data-testid={testId ? `${testId}-busy` : undefined} /> : <span />}
        placeholder={placeholder ? t(placeholder) : undefined}
        enterButton={t('btn_scan_find')}
        status={shown?.tone === 'error' ? 'error' : undefined}
        onSearch={(text, _e, info) => {
          if (info?.source === 'clear') return;
          setValue('');
          submit(text);
        }}
      />
      <div className="scan-box-line" role="status" aria-live="polite">
        {shown ? (
          <span
            key={shown.seq}
            className={`scan-box-message scan-box-${shown.tone}`}
            data-testid={testId ? `${testId}-message` : undefined}
            data-tone={shown.tone}
          >
            {ICONS[shown.tone]}
            <span>{shown.message}</span>
            {shown.action ? (
              <Button
                size="small"
                type="link"
                onClick={shown.action.onClick}
                data-testid={shown.action.testId}
                className="scan-box-action"
              >
                {shown.action.label}
              </Button>
            ) : null}
          </span>
        ) : null}
        {queued > 0 ? (
          <Tag color="processing" data-testid={testId ? `${testId}-queued` : undefined}>
            {t('msg_scan_queued', { count: queued })}
          </Tag>
        ) : null}
      </div>
    </div>
  );
}
