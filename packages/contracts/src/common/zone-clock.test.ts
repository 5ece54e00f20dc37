import { describe, expect, it } from 'vitest';
import { wallClockParts, wallClockText, zoneOffsetMs } from './zone-clock';

describe('zone clock', () => {
  const instant = Date.parse('2026-11-09T16:30:05Z');
  it('reads an instant on a zone wall clock', () => {
    expect(wallClockText(instant, 'Asia/Shanghai')).toBe('2026-11-10 00:30:05');
    expect(wallClockText(instant, 'Asia/Bangkok')).toBe('2026-11-09 23:30:05');
    expect(wallClockText(instant, 'UTC')).toBe('2026-11-09 16:30:05');
    expect(wallClockParts(Date.parse('2026-11-09T16:00:00Z'), 'Asia/Shanghai').hour).toBe(0);
  });
  it('gives the offset, with daylight saving where the zone has it', () => {
    expect(zoneOffsetMs(instant, 'Asia/Shanghai')).toBe(8 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
  });
});
