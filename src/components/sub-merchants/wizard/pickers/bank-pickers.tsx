'use client';

import { useCallback, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { findBank } from '@/domain/reference/wechat-banks';
import { useI18n } from '@/i18n/i18n-provider';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';
import { FieldShell } from '../fields/field-shell';
import { bankOptions, mccOptions } from './reference-options';

const valueOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** 开户银行: only the names the provider's `account_bank` accepts (WeChat: 其他银行 for every other bank). */
export function BankPicker() {
  const { t } = useI18n();
  const { values, provider } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const options = bankOptions(provider).map((name) => ({ value: name, label: name }));
  return (
    <FieldShell name="accountBank">
      {(control) => (
        <Combobox
          id={control.id}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          value={valueOf(values.accountBank)}
          selectedLabel={valueOf(values.accountBank)}
          options={options}
          placeholder={t('subMerchants.field.choose')}
          onValueChange={(bank) => {
            setValue('accountBank', bank ?? '', { shouldDirty: true });
            // Another bank has other branches: a branch picked for the previous one no longer fits.
            setValue('bankBranchId', '', { shouldDirty: true });
          }}
        />
      )}
    </FieldShell>
  );
}

/**
 * 开户银行联行号 found, not typed: WeChat's own branch directory searched by bank and the bank's city (through
 * `reference.lookup`), narrowed by what the operator types. For 其他银行 the operator names the bank itself
 * first; that name is only for the search.
 */
export function BranchPicker() {
  const { t } = useI18n();
  const { values, backend } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const bank = String(values.accountBank ?? '');
  const city = String(values.bankAddressCode ?? '');
  const other = findBank('providerA', bank)?.needsBranch ?? false;
  const [ownBank, setOwnBank] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const searchBank = other ? ownBank.trim() : bank;
  const ready = searchBank !== '' && /^\d{6}$/.test(city);
  const search = useCallback(
    async (query: string): Promise<ComboboxOption[]> => {
      setProblem(null);
      const result = await backend.searchBankBranches({ bank: searchBank, city, q: query.trim() || undefined });
      if (!result.ok) {
        setProblem(result.errors[0]?.message ?? result.message);
        return [];
      }
      return result.branches.map((branch) => ({
        value: branch.branchId,
        label: branch.name,
        description: branch.branchId,
      }));
    },
    [backend, searchBank, city],
  );
  return (
    <FieldShell name="bankBranchId" hint={ready ? undefined : t('subMerchants.picker.branchNeedsBankCity')}>
      {(control) => (
        <div className="grid gap-2" data-testid="branch-picker">
          {other && (
            <Input
              aria-label={t('subMerchants.picker.branchBankName')}
              placeholder={t('subMerchants.picker.branchBankName')}
              value={ownBank}
              onChange={(e) => setOwnBank(e.target.value)}
            />
          )}
          <Combobox
            id={control.id}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
            value={valueOf(values.bankBranchId)}
            selectedLabel={valueOf(values.bankBranchId)}
            onSearch={search}
            disabled={!ready}
            placeholder={t('subMerchants.picker.branchSearch')}
            searchPlaceholder={t('subMerchants.picker.branchKeyword')}
            emptyText={t('subMerchants.picker.branchNone')}
            onValueChange={(branchId) => setValue('bankBranchId', branchId ?? '', { shouldDirty: true })}
          />
          {problem && <p className="text-sm text-destructive">{problem}</p>}
        </div>
      )}
    </FieldShell>
  );
}

/** 经营类目 (Alipay MCC): searchable by code, name or category. */
export function MccPicker() {
  const { t } = useI18n();
  const { values } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const options = mccOptions().map((mcc) => ({
    value: mcc.code,
    label: `${mcc.name}（${mcc.code}）`,
    description: mcc.category,
    keywords: [mcc.code, mcc.category],
  }));
  return (
    <FieldShell name="mcc">
      {(control) => (
        <Combobox
          id={control.id}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          value={valueOf(values.mcc)}
          selectedLabel={valueOf(values.mcc)}
          options={options}
          placeholder={t('subMerchants.field.choose')}
          onValueChange={(code) => setValue('mcc', code ?? '', { shouldDirty: true })}
        />
      )}
    </FieldShell>
  );
}
