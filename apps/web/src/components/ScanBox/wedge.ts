/**
 * Keyboard-wedge scanners (every USB scanner, most Bluetooth ones in keyboard mode) type a code as key presses a
 * few milliseconds apart and end it with Enter; a person's key presses are 80 ms or more apart, and no one types
 * four keys and Enter under 50 ms each. `WedgeTracker` watches key presses (wherever they land) and recognises
 * such a burst when its Enter comes, naming the text fields the burst typed into and their values before it, so
 * the caller can take the code out of a field it fell into by accident (a dialog that opened mid-scan).
 */
export const SCAN_KEY_GAP_MS = 50;
export const SCAN_MIN_LENGTH = 4;

/**
 * Marks a field that takes scanned codes itself (for example a receipt number read off a paper receipt's
 * barcode): a scan typed into it stays there and only the scanner's Enter is held back, so it never submits.
 */
export const SCAN_FIELD = { 'data-scan-field': 'true' } as const;
export const SCAN_FIELD_SELECTOR = '[data-scan-field]';

export type TextField = HTMLInputElement | HTMLTextAreaElement;

export interface WedgeScan {
  code: string;
  /** The text fields the burst typed into, with each one's value before the burst. */
  fields: Map<TextField, string>;
}

export interface KeyLike {
  key: string;
  timeStamp: number;
  target: EventTarget | null;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  isComposing?: boolean;
}

const TEXT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'number', 'password', '']);

/** The text field a key press types into, if any. */
export function textField(target: EventTarget | null): TextField | null {
  if (typeof HTMLTextAreaElement !== 'undefined' && target instanceof HTMLTextAreaElement)
    return target.readOnly || target.disabled ? null : target;
  if (typeof HTMLInputElement !== 'undefined' && target instanceof HTMLInputElement)
    return TEXT_TYPES.has(target.type) && !target.readOnly && !target.disabled ? target : null;
  return null;
}

/**
 * Sets a field's value the way typing does: the native setter, then an input event, so React (and antd's inputs
 * over it) see a change; then once more through the element's own setter (the same value, no event), so code that
 * keeps its own copy of what was typed (React's value tracker, user-event in tests) agrees.
 */
export function setFieldValue(field: TextField, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.value = value;
}

interface Burst {
  chars: string;
  last: number;
  fields: Map<TextField, string>;
}

export class WedgeTracker {
  private burst: Burst | null = null;

  constructor(
    private readonly gapMs = SCAN_KEY_GAP_MS,
    private readonly minLength = SCAN_MIN_LENGTH,
  ) {}

  reset() {
    this.burst = null;
  }

  /** Feed every keydown (before it reaches the page); returns the scan when this key is the Enter ending one. */
  keydown(e: KeyLike): WedgeScan | null {
    if (e.isComposing || e.ctrlKey || e.altKey || e.metaKey || e.key === 'Process') {
      this.burst = null;
      return null;
    }
    // scanners press Shift for capitals
    if (e.key === 'Shift' || e.key === 'CapsLock') return null;
    if (e.key.length === 1) {
      let burst = this.burst;
      if (!burst || e.timeStamp - burst.last > this.gapMs) {
        burst = { chars: '', last: e.timeStamp, fields: new Map() };
        this.burst = burst;
      }
      const field = textField(e.target);
      if (field && !burst.fields.has(field)) burst.fields.set(field, field.value);
      burst.chars += e.key;
      burst.last = e.timeStamp;
      return null;
    }
    const burst = this.burst;
    this.burst = null;
    if (e.key !== 'Enter' || !burst || e.timeStamp - burst.last > this.gapMs) return null;
    const code = burst.chars.trim();
    return code.length >= this.minLength ? { code, fields: burst.fields } : null;
  }
}
