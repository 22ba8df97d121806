import { formFieldToUpstreamPaths } from '@/server/providers/providerA/pay/field-map';
import { upstreamFieldToFormField } from '@/server/providers/providerB/zft/field-names';
import type { Provider } from '@/domain/providers';

// Alipay field names a reviewer's reason may start with (zft.create biz_content), tried in order.
const providerBNames = [
  'cert_image',
  'cert_no',
  'cert_name',
  'legal_name',
  'legal_cert_no',
  'legal_cert_front_image',
  'legal_cert_back_image',
  'alias_name',
  'service_phone',
  'contact_infos.name',
  'contact_infos.mobile',
  'contact_infos.email',
  'mcc',
  'biz_cards.account_no',
  'biz_cards.account_holder_name',
  'biz_cards.account_inst_name',
  'out_door_images',
  'in_door_images',
  'business_address.address',
  'sites.tiny_app_id',
  'sites.site_url',
];

/**
 * A demo rejects "the legal person's ID copy", not `id_card_copy`: the console sends our formData name and
 * this gives the name the upstream's reviewer would write (WeChat audit_detail.field, Alipay reason prefix).
 * Unknown names pass through unchanged, so the sandbox's reason lands on no field, like a vague real one.
 */
export function upstreamFieldName(provider: Provider, formField: string): string {
  if (provider === 'providerA') return formFieldToUpstreamPaths(formField)[0]?.split('/').pop() ?? formField;
  return providerBNames.find((name) => upstreamFieldToFormField(name) === formField) ?? formField;
}
