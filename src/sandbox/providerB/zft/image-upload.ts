import { createHash } from 'node:crypto';
import { type GatewayMethodHandler, GatewayBusinessError, requireBizFields } from '../gateway/registry';
import { IMAGE_KIND, newImageId, type SandboxImage } from './zft-orders';

const IMAGE_TYPES = new Set(['bmp', 'jpg', 'jpeg', 'png', 'gif']);
const MAX_BYTES = 10 * 1024 * 1024;

/** `ant.merchant.expand.indirect.image.upload` (D.1): text field `image_type`, file part `image_content`. */
export const imageUploadMethod: GatewayMethodHandler = {
  bizFrom: 'params',
  async handle({ biz, files }, { store, now }) {
    requireBizFields(biz, ['image_type']);
    const imageType = String(biz.image_type).toLowerCase();
    if (!IMAGE_TYPES.has(imageType))
      throw new GatewayBusinessError('40002', 'Invalid Arguments', 'isv.invalid-file-extension', '文件扩展名无效');
    const file = files.get('image_content');
    if (!file || file.bytes.length === 0)
      throw new GatewayBusinessError(
        '40002',
        'Invalid Arguments',
        'isv.upload-fail',
        '文件上传失败：image_content 不能为空',
      );
    if (file.bytes.length > MAX_BYTES)
      throw new GatewayBusinessError('40002', 'Invalid Arguments', 'isv.invalid-file-size', '文件大小无效');
    const image: SandboxImage = {
      image_id: newImageId(),
      image_type: imageType,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      created_at: now().toISOString(),
    };
    await store.put(IMAGE_KIND, image.image_id, image);
    return { image_id: image.image_id };
  },
};
