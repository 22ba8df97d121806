import { describe, expect, it } from 'vitest';
import { defaultTimeZone, formatDuration, formatters, isTimeZone } from '@/i18n/format';

const at = '2026-11-25T13:13:00Z';

describe('formatters: one clock, the operator’s', () => {
  it('formats in the given zone, whatever the machine’s zone is', () => {
    expect(formatters('zh-CN', 'Asia/Shanghai').dateTime(at)).toBe('2026/11/25 21:13');
    expect(formatters('en', 'Europe/Berlin').dateTime(at)).toBe('11/25/2026, 14:13');
    expect(formatters('en', 'UTC').dateTime(at)).toBe('11/25/2026, 13:13');
  });

  it('defaults to Asia/Shanghai for Chinese and UTC otherwise, and names the zone where asked', () => {
    expect(defaultTimeZone('zh-CN')).toBe('Asia/Shanghai');
    expect(formatters('zh-CN').dateTimeWithZone(at)).toBe('2026/11/25 21:13 (GMT+8)');
    expect(formatters('en').dateTimeWithZone(at)).toBe('11/25/2026, 13:13 (UTC)');
  });

  it('falls back to the language default for a zone name it does not know', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(formatters('zh-CN', 'Mars/Olympus').timeZone).toBe('Asia/Shanghai');
  });

  it('writes durations as durations, never as a clock time', () => {
    expect(formatDuration('zh-CN', 589_000)).toBe('9 分 49 秒');
    expect(formatDuration('en', 589_000)).toBe('9 min 49 s');
    expect(formatDuration('en', 3 * 3600_000 + 61_000)).toBe('3 h 1 min');
    expect(formatDuration('en', -5)).toBe('0 s');
  });
});
