import { registerZftGatewayMethods } from './zft/register';
import './mini/register';

// The gateway dispatcher is generic; each family of methods registers itself here (mini programs later).
registerZftGatewayMethods();

export { handleProviderBGatewayRequest } from './gateway/handler';
export type { ProviderBGatewayContext } from './gateway/handler';
export {
  registerGatewayMethod,
  GatewayBusinessError,
  businessFailed,
  invalidParameter,
  requireBizFields,
} from './gateway/registry';
export type {
  GatewayMethodHandler,
  GatewayMethodRequest,
  GatewayMethodContext,
  GatewayUploadedFile,
} from './gateway/registry';
export { PROVIDER_B_SANDBOX_APP_ID } from './keys';
export type { ProviderBSandboxKeys } from './keys';
export { setZftOrderState, listZftOrders, ZFT_CONTROL_STATES } from './zft/zft-control';
export type { ZftControlState, ZftOrderSummary } from './zft/zft-control';
export { buildZftResultNotification } from './zft/zft-notification';
export type { ZftResultNotificationMessage } from './zft/zft-notification';
export { ZFT_ORDER_KIND, ZFT_ORDERS_BY_EXTERNAL_ID_KIND, IMAGE_KIND } from './zft/zft-orders';
