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
