import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { registerGatewayMethod, type GatewayMethodHandler } from '../gateway/registry';
import { auditApplyMethod } from './audit-apply-method';
import { experienceCancelMethod, experienceCreateMethod, experienceQueryMethod } from './experience-methods';
import { membersCreateMethod, membersDeleteMethod, membersQueryMethod } from './member-methods';
import { baseinfoMethod, versionDetailMethod, versionListMethod } from './query-methods';
import { templateListMethod } from './templates';
import { tokenAppMethod, tokenAppQueryMethod } from './token-methods';
import {
  auditCancelMethod,
  auditedCancelMethod,
  offlineMethod,
  onlineMethod,
  rollbackMethod,
  versionDeleteMethod,
} from './version-lifecycle';
import { versionBuildQueryMethod, versionUploadMethod } from './version-upload';

const HANDLERS: Record<(typeof MINI_METHODS)[keyof typeof MINI_METHODS], GatewayMethodHandler> = {
  [MINI_METHODS.tokenApp]: tokenAppMethod,
  [MINI_METHODS.tokenAppQuery]: tokenAppQueryMethod,
  [MINI_METHODS.templateList]: templateListMethod,
  [MINI_METHODS.versionUpload]: versionUploadMethod,
  [MINI_METHODS.versionBuildQuery]: versionBuildQueryMethod,
  [MINI_METHODS.auditApply]: auditApplyMethod,
  [MINI_METHODS.auditCancel]: auditCancelMethod,
  [MINI_METHODS.auditedCancel]: auditedCancelMethod,
  [MINI_METHODS.online]: onlineMethod,
  [MINI_METHODS.offline]: offlineMethod,
  [MINI_METHODS.rollback]: rollbackMethod,
  [MINI_METHODS.versionDelete]: versionDeleteMethod,
  [MINI_METHODS.versionDetail]: versionDetailMethod,
  [MINI_METHODS.versionList]: versionListMethod,
  [MINI_METHODS.baseinfo]: baseinfoMethod,
  [MINI_METHODS.experienceCreate]: experienceCreateMethod,
  [MINI_METHODS.experienceQuery]: experienceQueryMethod,
  [MINI_METHODS.experienceCancel]: experienceCancelMethod,
  [MINI_METHODS.membersCreate]: membersCreateMethod,
  [MINI_METHODS.membersDelete]: membersDeleteMethod,
  [MINI_METHODS.membersQuery]: membersQueryMethod,
};

/** Idempotent: registering twice replaces the same handlers. */
export function registerMiniGatewayMethods(): void {
  for (const [name, handler] of Object.entries(HANDLERS)) registerGatewayMethod(name, handler);
}

// Importing this module is enough (`import './mini/register'` in the providerB sandbox index).
registerMiniGatewayMethods();
