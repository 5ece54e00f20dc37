export type { ScanTone } from './beep';
export { ScanBox, type ScanBoxProps, type ScanFeedback } from './ScanBox';
export { SCAN_FIELD, SCAN_KEY_GAP_MS, SCAN_MIN_LENGTH, textField, WedgeTracker } from './wedge';
