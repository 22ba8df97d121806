'use client';

import { NativeSelect } from '@/components/ui/native-select';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';
import { FieldShell } from '../fields/field-shell';

/** How deep the region cascade goes: WeChat's bank city stops at the city; store addresses go to the district. */
export type RegionDepth = 'city' | 'district';

type RegionOptions = typeof import('./region-options');
// The GB/T 2260 table (37 kB gzip) arrives when a region picker is first shown, not with the wizard's first load;
// every picker on the page shares the one import.
let regionOptions: Promise<RegionOptions> | undefined;
const loadRegionOptions = () => (regionOptions ??= import('./region-options'));

const levelKeys: MessageKey[] = [
  'subMerchants.picker.province',
  'subMerchants.picker.city',
  'subMerchants.picker.district',
];

/**
 * Province → city (→ district) producing the GB/T 2260 code the field stores: the value is set only once the
 * cascade reaches the level the field needs (a city without districts is complete at the city).
 */
export function RegionPicker({ name, depth }: { name: FormDataField; depth: RegionDepth }) {
  const { t } = useI18n();
  const { values } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const stored = String(values[name] ?? '');
  const [table, setTable] = useState<RegionOptions | null>(null);
  // What the operator has chosen so far, which may be above the stored code's level while the cascade is open;
  // until the first choice the cascade shows the stored code (once the table has arrived).
  const [picked, setChain] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadRegionOptions().then((loaded) => live && setTable(loaded));
    return () => {
      live = false;
    };
  }, []);
  const chain = picked ?? (table ? table.regionChain(stored) : []);
  const levels = depth === 'city' ? 2 : 3;
  const pick = (level: number, code: string) => {
    if (!table) return;
    const next = [...chain.slice(0, level), ...(code ? [code] : [])];
    setChain(next);
    const complete =
      next.length === levels || (next.length > 1 && code !== '' && table.regionsBelow(code).length === 0);
    setValue(name, complete ? code : '', { shouldDirty: true });
  };
  return (
    <FieldShell name={name}>
      {(control) => (
        <div className="grid gap-2 sm:grid-cols-3" data-testid={`region-${name}`}>
          {Array.from({ length: levels }, (_, level) => {
            const parent = level === 0 ? undefined : chain[level - 1];
            if (level > 0 && !parent) return null;
            // Until the table arrives the province select is shown empty and disabled (no layout shift).
            const options = table ? table.regionsBelow(parent) : [];
            if (table && options.length === 0) return null;
            const label = t(levelKeys[level]!);
            return (
              <NativeSelect
                key={level}
                {...(level === 0 ? control : { 'aria-describedby': control['aria-describedby'] })}
                aria-label={level === 0 ? undefined : label}
                value={chain[level] ?? ''}
                disabled={!table}
                onChange={(e) => pick(level, e.target.value)}
              >
                <option value="">{label}</option>
                {options.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </NativeSelect>
            );
          })}
        </div>
      )}
    </FieldShell>
  );
}
