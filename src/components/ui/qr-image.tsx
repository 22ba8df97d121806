'use client';

import { useEffect, useState } from 'react';

/**
 * A QR code drawn in the browser as a data: URL image (nothing for next/image to optimise); the encoder is loaded
 * only when a code is shown.
 */
export function QrImage({
  value,
  label,
  size = 200,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  /** On the drawn code only, so a test that finds it knows the code is there. */
  testId?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(value, { margin: 1, width: size, errorCorrectionLevel: 'M' }))
      .then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [value, size]);
  return src ? (
    <img
      className="block rounded-md border bg-white [image-rendering:pixelated]"
      src={src}
      alt={label}
      width={size}
      height={size}
      data-testid={testId}
    />
  ) : (
    <div
      className="block rounded-md border bg-white [image-rendering:pixelated]"
      style={{ width: size, height: size }}
      role="img"
      aria-label={label}
      aria-busy="true"
    />
  );
}
