'use client';

import { useActionState, useState } from 'react';
import { startSubMerchant } from '@/server/console-actions/start-sub-merchant';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

export type NewSubMerchantTexts = {
  new: string;
  provider: string;
  distributor: string;
  distributorHint: string;
  create: string;
  cancel: string;
};

/** Operators create a record (provider, optional distributor id) and land in the wizard's first step. */
export function NewSubMerchant(props: {
  platformId: string;
  providers: { value: string; label: string }[];
  texts: NewSubMerchantTexts;
}) {
  const { platformId, providers, texts } = props;
  const [open, setOpen] = useState(false);
  // The opening button disappears with the click, so the form's first control takes the focus (autoFocus).
  // Controlled, so a refused attempt keeps what was typed (React resets uncontrolled fields after an action).
  const [provider, setProvider] = useState(providers[0]?.value ?? '');
  const [distributor, setDistributor] = useState('');
  const [failure, create, pending] = useActionState(startSubMerchant.bind(null, platformId), null);
  if (!open) {
    return (
      <Button type="button" onClick={() => setOpen(true)} aria-expanded={false}>
        {texts.new}
      </Button>
    );
  }
  return (
    <form
      className="flex w-full flex-col gap-3 rounded-lg border bg-card p-4"
      aria-labelledby="new-heading"
      action={create}
    >
      <h2 id="new-heading" className="text-lg font-semibold">
        {texts.new}
      </h2>
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor="new-provider">{texts.provider}</Label>
          <NativeSelect
            id="new-provider"
            name="provider"
            autoFocus
            value={provider}
            onChange={(e) => setProvider(e.target.value)}
          >
            {providers.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <Label htmlFor="new-distributor">{texts.distributor}</Label>
          <Input
            id="new-distributor"
            name="distributor"
            value={distributor}
            onChange={(e) => setDistributor(e.target.value)}
            maxLength={128}
            aria-describedby="new-distributor-hint"
          />
          <small id="new-distributor-hint" className="text-xs text-muted-foreground">
            {texts.distributorHint}
          </small>
        </div>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {texts.create}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}
