'use client';

import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import { CopyFrom } from '../fields/copy-from';
import { FieldFor } from '../fields/field-for';
import { isFieldVisible } from '../steps';
import { useWizard } from '../wizard-context';
import type { WizardValues } from '../form-model';

const Fields = ({ names }: { names: readonly FormDataField[] }) => (
  <>
    {names.map((name) => (
      <FieldFor key={name} name={name} />
    ))}
  </>
);

/** 营业执照: the subject type is the first question (required), because it decides fields on later steps. */
export function LicenseStep() {
  const { t } = useI18n();
  const { values } = useWizard();
  if (!values.subjectType)
    return (
      <>
        <FieldFor name="subjectType" hint={t('subMerchants.hint.subjectType')} />
        <p className="text-muted-foreground" data-testid="choose-subject-first">
          {t('subMerchants.wizard.chooseSubjectFirst')}
        </p>
      </>
    );
  return (
    <>
      <FieldFor name="subjectType" hint={t('subMerchants.hint.subjectType')} />
      <Fields
        names={[
          'licenseCopy',
          'licenseNumber',
          'merchantName',
          'legalPerson',
          'licenseAddress',
          'licensePeriodBegin',
          'licensePeriodEnd',
        ]}
      />
    </>
  );
}

/** 法人身份证: the ID address only for an enterprise. */
export function LegalPersonStep() {
  return (
    <Fields
      names={[
        'idCardCopy',
        'idCardNational',
        'idCardName',
        'idCardNumber',
        'idCardAddress',
        'idCardPeriodBegin',
        'idCardPeriodEnd',
      ]}
    />
  );
}

/** A sales scene's own fields, in a titled section that appears when the scene is ticked. */
function SceneSection({ group, names }: { group: 'store' | 'miniProgram' | 'web'; names: readonly FormDataField[] }) {
  const { values, provider } = useWizard();
  const labels = useSubMerchantLabels();
  if (!names.some((name) => isFieldVisible(name, values, provider))) return null;
  return (
    <section
      className="mt-2 border-t border-dashed border-border pt-1 [&>h3]:mt-3 [&>h3]:mb-1 [&>h3]:text-base"
      aria-labelledby={`scene-${group}`}
      data-testid={`scene-${group}`}
    >
      <h3 id={`scene-${group}`}>{labels.group(group)}</h3>
      <Fields names={names} />
    </section>
  );
}

/** 经营信息: the business basics, then the sales scenes (several at once) and each scene's fields. */
export function BusinessStep() {
  return (
    <>
      <Fields names={['merchantShortname', 'servicePhone', 'settlementId', 'qualificationType', 'mcc', 'salesScene']} />
      <SceneSection
        group="store"
        names={['storeName', 'storeAddressCode', 'storeAddress', 'storeEntrancePics', 'storeIndoorPics']}
      />
      <SceneSection group="miniProgram" names={['miniProgramAppid']} />
      <SceneSection group="web" names={['websiteDomain']} />
    </>
  );
}

/** 结算账户: whose name the account must carry depends on the account type. */
export function SettlementStep() {
  const { t } = useI18n();
  const { values } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const enterprise = values.subjectType === 'SUBJECT_TYPE_ENTERPRISE';
  // An enterprise settles to a corporate account only: a personal choice made before the subject changed goes.
  useEffect(() => {
    if (enterprise && values.bankAccountType === 'BANK_ACCOUNT_TYPE_PERSONAL') setValue('bankAccountType', '');
  }, [enterprise, values.bankAccountType, setValue]);
  const corporate = values.bankAccountType === 'BANK_ACCOUNT_TYPE_CORPORATE';
  const personal = values.bankAccountType === 'BANK_ACCOUNT_TYPE_PERSONAL';
  return (
    <>
      <FieldFor name="bankAccountType" hint={enterprise ? t('subMerchants.hint.enterpriseCorporate') : undefined} />
      {values.bankAccountType !== 'BANK_ACCOUNT_TYPE_PERSONAL' && (
        <CopyFrom from="merchantName" to="accountName" label={t('subMerchants.picker.sameAsMerchantName')} />
      )}
      <FieldFor
        name="accountName"
        hint={
          corporate
            ? t('subMerchants.hint.accountNameCorporate')
            : personal
              ? t('subMerchants.hint.accountNamePersonal')
              : undefined
        }
      />
      <Fields names={['accountBank', 'accountNumber', 'bankAddressCode', 'bankBranchId']} />
    </>
  );
}

/** 超级管理员: who receives the upstream's messages and signs. */
export function ContactStep() {
  const { t } = useI18n();
  return (
    <>
      <CopyFrom from="legalPerson" to="contactName" label={t('subMerchants.picker.sameAsLegalPerson')} />
      <Fields names={['contactName', 'contactMobile', 'contactEmail', 'bindingAlipayLogonId']} />
    </>
  );
}
