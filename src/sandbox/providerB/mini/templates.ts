import type { SandboxStore } from '@/sandbox/store';
import type { GatewayMethodHandler } from '../gateway/registry';
import { MINI_KINDS, type SandboxTemplate } from './mini-store';

/** The two ISV templates every sandbox starts with. */
export const SANDBOX_MINI_TEMPLATES: readonly SandboxTemplate[] = [
  {
    mini_app_id: '2021004100000101',
    app_name: '沙箱点餐模板',
    date_create: '2024-01-02 10:00:00',
    version_list: [
      { template_version: '1.0.0', version_status: 'RELEASE' },
      { template_version: '1.1.0', version_status: 'RELEASE' },
    ],
  },
  {
    mini_app_id: '2021004100000102',
    app_name: '沙箱商城模板',
    date_create: '2024-03-15 09:30:00',
    version_list: [
      { template_version: '2.0.0', version_status: 'RELEASE' },
      // A template version still in review cannot be used to build merchant versions.
      { template_version: '2.1.0', version_status: 'AUDITING' },
    ],
  },
];

export async function sandboxTemplates(store: SandboxStore): Promise<SandboxTemplate[]> {
  const stored = await store.list<SandboxTemplate>(MINI_KINDS.template);
  if (stored.length) return stored.sort((a, b) => a.mini_app_id.localeCompare(b.mini_app_id));
  for (const template of SANDBOX_MINI_TEMPLATES) await store.put(MINI_KINDS.template, template.mini_app_id, template);
  return [...SANDBOX_MINI_TEMPLATES];
}

/** `alipay.open.mini.templatelist.query` (C.1): no biz params, called as the ISV. */
export const templateListMethod: GatewayMethodHandler = {
  async handle(_request, { store }) {
    return { app_list: await sandboxTemplates(store) };
  },
};
