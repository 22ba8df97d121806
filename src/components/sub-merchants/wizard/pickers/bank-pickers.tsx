'use client';

import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { findBank } from '@/domain/reference';
import { useI18n } from '@/i18n/i18n-provider';
import { searchBankBranches, type BankBranchOption } from '@/server/console-actions/search-bank-branches';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';
import { FieldShell } from '../fields/field-shell';
import { bankOptions, mccOptions } from './reference-options';

/** 开户银行: only the names the provider's `account_bank` accepts (WeChat: 其他银行 for every other bank). */
export function BankPicker() {
  const { t } = useI18n();
  const { values, provider } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const value = String(values.accountBank ?? '');
  const names = bankOptions(provider);
  return (
    <FieldShell name="accountBank">
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => {
            setValue('accountBank', e.target.value, { shouldDirty: true });
            // Another bank has other branches: a branch picked for the previous one no longer fits.
            setValue('bankBranchId', '', { shouldDirty: true });
          }}
        >
          <option value="">{t('subMerchants.field.choose')}</option>
          {value && !names.includes(value) && <option value={value}>{value}</option>}
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/**
 * 开户银行联行号 found, not typed: WeChat's own branch directory searched by bank and the bank's city (through
 * `reference.lookup`). For 其他银行 the operator names the bank itself first; that name is only for the search.
 */
export function BranchPicker() {
  const { t } = useI18n();
  const { values, platformId } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const bank = String(values.accountBank ?? '');
  const city = String(values.bankAddressCode ?? '');
  const other = findBank('providerA', bank)?.needsBranch ?? false;
  const [ownBank, setOwnBank] = useState('');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<BankBranchOption[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const searchBank = other ? ownBank.trim() : bank;
  const ready = searchBank !== '' && /^\d{6}$/.test(city);
  const value = String(values.bankBranchId ?? '');
  const search = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await searchBankBranches(platformId, { bank: searchBank, city, q: q.trim() || undefined });
      if (result.ok) setFound(result.branches);
      else setProblem(result.errors[0]?.message ?? result.message);
    } catch {
      setProblem(t('subMerchants.wizard.unreachable'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FieldShell name="bankBranchId" hint={ready ? undefined : t('subMerchants.picker.branchNeedsBankCity')}>
      {(control) => (
        <div className="branch-picker" data-testid="branch-picker">
          {other && (
            <input
              aria-label={t('subMerchants.picker.branchBankName')}
              placeholder={t('subMerchants.picker.branchBankName')}
              value={ownBank}
              onChange={(e) => setOwnBank(e.target.value)}
            />
          )}
          <input
            aria-label={t('subMerchants.picker.branchKeyword')}
            placeholder={t('subMerchants.picker.branchKeyword')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (ready) void search();
              }
            }}
          />
          <button type="button" className="secondary" disabled={!ready || busy} onClick={() => void search()}>
            {t('subMerchants.picker.branchSearch')}
          </button>
          <select
            {...control}
            value={value}
            onChange={(e) => setValue('bankBranchId', e.target.value, { shouldDirty: true })}
          >
            <option value="">
              {found && found.length === 0 ? t('subMerchants.picker.branchNone') : t('subMerchants.field.choose')}
            </option>
            {value && !found?.some((b) => b.branchId === value) && <option value={value}>{value}</option>}
            {(found ?? []).map((branch) => (
              <option key={branch.branchId} value={branch.branchId}>
                {branch.name}（{branch.branchId}）
              </option>
            ))}
          </select>
          {problem && <p className="error">{problem}</p>}
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
  const value = String(values.mcc ?? '');
  const rows = mccOptions();
  return (
    <FieldShell name="mcc">
      {(control) => (
        <select {...control} value={value} onChange={(e) => setValue('mcc', e.target.value, { shouldDirty: true })}>
          <option value="">{t('subMerchants.field.choose')}</option>
          {value && !rows.some((m) => m.code === value) && <option value={value}>{value}</option>}
          {rows.map((mcc) => (
            <option key={mcc.code} value={mcc.code}>
              {mcc.category} · {mcc.name}（{mcc.code}）
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
