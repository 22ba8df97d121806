/** The 直付通 (ZFT) gateway methods the service calls (docs/upstream/providerB.md D.1, D.2, D.4). */
export const ZFT_METHODS = {
  imageUpload: 'ant.merchant.expand.indirect.image.upload',
  create: 'ant.merchant.expand.indirect.zft.create',
  orderQuery: 'ant.merchant.expand.indirect.zftorder.query',
} as const;

/** The result messages Alipay pushes for a ZFT application (docs/upstream/providerB.md D.5). */
export const ZFT_MESSAGE_METHODS = {
  passed: 'ant.merchant.expand.indirect.zft.passed',
  rejected: 'ant.merchant.expand.indirect.zft.rejected',
} as const;

/** An application's state as the service reads it (docs/upstream/providerB.md D.4). */
export type ChApplymentState =
  'submitted' | 'auditing' | 'to_be_confirmed' | 'to_be_signed' | 'signing' | 'finished' | 'rejected' | 'canceled';
