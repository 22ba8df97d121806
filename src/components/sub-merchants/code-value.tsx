'use client';

import { useEffect, useState } from 'react';

/** The fields whose value is an upstream code an operator picked by its name (code-labels.ts). */
export const CODED_FIELDS: ReadonlySet<string> = new Set([
  'storeAddressCode',
  'bankAddressCode',
  'mcc',
  'settlementId',
]);

/**
 * A picked code as the operator picked it: its name with the code beside it ("福建省 福州市 鼓楼区（350102）"), so
 * the review step and the record page read like the pickers. The code alone until the tables have loaded, or
 * when they do not hold it.
 */
export function CodeValue({ field, code }: { field: string; code: string }) {
  const [label, setLabel] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('./code-labels').then(({ codeLabel }) => {
      if (current) setLabel(codeLabel(field, code));
    });
    return () => {
      current = false;
    };
  }, [field, code]);
  return <span data-code={code}>{label ? `${label}（${code}）` : code}</span>;
}
