'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useHydrated } from '@/components/ui/use-hydrated';

/** Switches platform and stays in the same section. */
export function PlatformSwitcher(props: {
  label: string;
  current: string;
  platforms: { platformId: string; name: string }[];
}) {
  // The sidebar and the phone sheet each render the picker: one id per instance keeps each label on its own.
  const id = useId();
  const { label, current, platforms } = props;
  const pathname = usePathname();
  const router = useRouter();
  const hydrated = useHydrated();
  const section = pathname.slice(`/platforms/${current}`.length).split('/')[1] ?? 'sub-merchants';
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={current}
        disabled={!hydrated}
        onChange={(event) => router.push(`/platforms/${event.target.value}/${section}`)}
      >
        {platforms.map((p) => (
          <option key={p.platformId} value={p.platformId}>
            {p.name}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
