import { findMcc } from '@/domain/reference/alipay-mcc';
import { regionPath } from '@/domain/reference/regions';
import { findSettlementRule } from '@/domain/reference/wechat-settlement-rules';

/**
 * What an upstream code stands for, from the reference tables the pickers offered it from: the region's names
 * from the province down (GB/T 2260), the MCC's 经营类目 name, the settlement rule's fee rate. Undefined for a
 * code the tables do not hold. Loaded on demand (code-value.tsx): the region table is 37 kB gzipped.
 */
export function codeLabel(field: string, code: string): string | undefined {
  switch (field) {
    case 'storeAddressCode':
    case 'bankAddressCode': {
      const path = /^\d{6}$/.test(code) ? regionPath(code) : [];
      return path.length ? path.map((region) => region.name).join(' ') : undefined;
    }
    case 'mcc':
      return findMcc(code)?.name;
    case 'settlementId': {
      const rule = findSettlementRule(code);
      return rule ? rule.rate : undefined;
    }
    default:
      return undefined;
  }
}
