import { ZFT_METHODS } from '@/protocols/providerB/zft/methods';
import { AppError } from '@/server/errors';
import type { ProviderBGateway } from '../gateway/gateway-client';
import { ProviderBGatewayError } from '../gateway/gateway-errors';
import { upstreamFieldToFormField } from './field-names';
import type { ZftFormData } from './form-data';
import { normalizeZftOrder, type ZftApplicationStatus, type ZftOrder } from './order-state';
import { formDataToZftBizContent, type ZftDefaults } from './zft-biz-content';

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/bmp': 'bmp',
  'image/gif': 'gif',
};

/** Sub_code our sandbox answers when an external_id already has a live application (see the emulator's zft-create). */
const DUPLICATE_SUB_CODES = new Set(['EXTERNAL_ID_DUPLICATE', 'ORDER_EXIST', 'EXTERNAL_ID_EXISTED']);

export type ZftQuery = { externalId: string; orderId?: undefined } | { orderId: string; externalId?: undefined };

export interface ZftClient {
  uploadImage(input: { bytes: Uint8Array; filename: string; mimeType: string }): Promise<{ imageId: string }>;
  createZftApplication(input: {
    externalId: string;
    formData: ZftFormData;
  }): Promise<{ orderId: string; replayed: boolean }>;
  queryZftApplication(input: ZftQuery & { formData?: ZftFormData }): Promise<ZftApplicationStatus>;
}

function latestOrder(orders: ZftOrder[]): ZftOrder | undefined {
  // `yyyy-MM-dd HH:mm:ss` sorts lexically; ties keep the upstream's order (last = newest).
  return [...orders].sort((a, b) => (a.apply_time ?? '').localeCompare(b.apply_time ?? '')).pop();
}

export function createZftClient(gateway: ProviderBGateway, defaults: ZftDefaults = {}): ZftClient {
  async function query(input: ZftQuery & { formData?: ZftFormData }): Promise<ZftApplicationStatus> {
    const biz = input.orderId ? { order_id: input.orderId } : { external_id: input.externalId };
    const payload = await gateway.call(ZFT_METHODS.orderQuery, biz);
    const orders = Array.isArray(payload.orders) ? (payload.orders as ZftOrder[]) : [];
    // zftorder.query lists every application made with an external_id (one per review round); the latest counts.
    const order = input.orderId ? (orders.find((o) => o.order_id === input.orderId) ?? orders[0]) : latestOrder(orders);
    if (!order) throw new AppError('not_found', 'providerB has no ZFT application for that id.');
    return normalizeZftOrder(order, input.formData);
  }

  return {
    async uploadImage({ bytes, filename, mimeType }) {
      const imageType = IMAGE_TYPES[mimeType.toLowerCase()] ?? filename.split('.').pop()?.toLowerCase() ?? '';
      const payload = await gateway.upload(ZFT_METHODS.imageUpload, {
        fields: { image_type: imageType },
        files: [{ field: 'image_content', bytes, filename, mimeType }],
      });
      if (typeof payload.image_id !== 'string' || !payload.image_id)
        throw new AppError('upstream_unavailable', 'providerB image upload returned no image_id.');
      return { imageId: payload.image_id };
    },

    /**
     * Submits one application. external_id is derived from our record, so a retry after a lost response
     * meets the upstream's "already exists" refusal: we then answer with the live order (`replayed: true`)
     * instead of failing, which makes the call safe to repeat.
     */
    async createZftApplication({ externalId, formData }) {
      const biz = formDataToZftBizContent(externalId, formData, defaults);
      try {
        const payload = await gateway.call(ZFT_METHODS.create, biz, {
          fieldPointer: (f) => upstreamFieldToFormField(f, formData),
        });
        if (typeof payload.order_id !== 'string')
          throw new AppError('upstream_unavailable', 'providerB zft.create returned no order_id.');
        return { orderId: payload.order_id, replayed: false };
      } catch (error) {
        const cause = error instanceof AppError ? error.options.cause : undefined;
        if (!(cause instanceof ProviderBGatewayError) || !DUPLICATE_SUB_CODES.has(cause.subCode ?? '')) throw error;
        const live = await query({ externalId });
        if (live.state === 'rejected' || live.state === 'canceled') throw error;
        return { orderId: live.applymentId, replayed: true };
      }
    },

    queryZftApplication: query,
  };
}
