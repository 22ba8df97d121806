const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `timestamp` public parameter: `yyyy-MM-dd HH:mm:ss` wall-clock time. The gateway lives in UTC+8, so we
 * format China time whatever the host's time zone is (the SDKs use local time, which is the same in China).
 */
export function formatGatewayTimestamp(date: Date): string {
  const d = new Date(date.getTime() + CHINA_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

export const GATEWAY_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The gateway's `timestamp` read back as an instant (China time), or undefined when it is no such time. */
export function parseGatewayTimestamp(text: string): Date | undefined {
  if (!GATEWAY_TIMESTAMP_PATTERN.test(text)) return undefined;
  const [date, time] = text.split(' ') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - CHINA_OFFSET_MS;
  const back = new Date(ms + CHINA_OFFSET_MS);
  // Date.UTC rolls 2024-02-30 over into March; a calendar date that does not exist is not a timestamp.
  if (back.getUTCDate() !== d || back.getUTCHours() !== h || back.getUTCMinutes() !== mi) return undefined;
  return new Date(ms);
}
