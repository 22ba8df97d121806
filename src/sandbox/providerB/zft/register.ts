import { ZFT_METHODS } from '@/protocols/providerB/zft/methods';
import { registerGatewayMethod } from '../gateway/registry';
import { imageUploadMethod } from './image-upload';
import { zftCreateMethod } from './zft-create';
import { zftOrderQueryMethod } from './zftorder-query';

/** Idempotent: registering twice replaces the same handlers. */
export function registerZftGatewayMethods(): void {
  registerGatewayMethod(ZFT_METHODS.imageUpload, imageUploadMethod);
  registerGatewayMethod(ZFT_METHODS.create, zftCreateMethod);
  registerGatewayMethod(ZFT_METHODS.orderQuery, zftOrderQueryMethod);
}
