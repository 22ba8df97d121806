import { AppError, type FieldError } from '@/server/errors';
import type { UgcDeclare } from '../../mini-program-types';

/** Client-side checks of D.3/D.6/E limits, so an obviously bad request never spends upstream quota. */

function invalid(errors: FieldError[]): AppError {
  return new AppError('invalid_request', errors.map((e) => e.message).join(' '), { errors });
}

/** A positive integer id, as digits (written raw into JSON so it never passes through a float). */
export function idDigits(value: number | string, pointer: string, label: string): string {
  const text = String(value);
  if (!/^[1-9]\d{0,18}$/.test(text))
    throw invalid([{ pointer, code: 'invalid', message: `${label} must be a positive integer.` }]);
  return text;
}

/** ext_json must be a STRING holding a JSON object (an object on the wire is 47001, bad JSON is 85013). */
export function checkCommitInput(input: { extJson: unknown; userVersion: string; userDesc: string }): void {
  const errors: FieldError[] = [];
  if (typeof input.extJson !== 'string') {
    errors.push({
      pointer: '/extJson',
      code: 'invalid_type',
      message: 'extJson must be a string holding a JSON object.',
    });
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.extJson);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      errors.push({ pointer: '/extJson', code: 'invalid_json', message: 'extJson is not the text of a JSON object.' });
    }
  }
  if (input.userVersion.length < 1 || input.userVersion.length > 64) {
    errors.push({
      pointer: '/userVersion',
      code: 'invalid_length',
      message: 'userVersion must be 1 to 64 characters.',
    });
  }
  if (input.userDesc.length > 1024)
    errors.push({ pointer: '/userDesc', code: 'too_long', message: 'userDesc is too long.' });
  if (errors.length > 0) throw invalid(errors);
}

export type AuditItem = {
  address: string;
  tag?: string;
  title?: string;
  firstClass: string;
  secondClass: string;
  thirdClass?: string;
  firstId: number;
  secondId: number;
  thirdId?: number;
};

export type SubmitAuditInput = {
  itemList?: AuditItem[];
  versionDesc?: string;
  /** Only honoured when the previous version was rejected; ≤ 200 characters. */
  feedbackInfo?: string;
  /** Up to 5 image media ids. */
  feedbackStuff?: string[];
  privacyApiNotUse?: boolean;
  ugcDeclare?: UgcDeclare;
  /** Media ids of WeChat's audit-media upload (D.6). */
  previewInfo?: { videoIdList?: string[]; picIdList?: string[] };
  orderPath?: string;
};

/** The submit_audit body (D.6), after checking the documented limits. */
export function submitAuditBody(input: SubmitAuditInput): Record<string, unknown> {
  const errors: FieldError[] = [];
  const items = input.itemList ?? [];
  if (items.length > 5)
    errors.push({ pointer: '/itemList', code: 'too_many', message: 'itemList holds at most 5 items.' });
  items.forEach((item, i) => {
    const tags = (item.tag ?? '').split(' ').filter(Boolean);
    if (tags.length > 10 || tags.some((t) => t.length > 20)) {
      errors.push({
        pointer: `/itemList/${i}/tag`,
        code: 'invalid',
        message: 'At most 10 space-separated tags of 20 characters each.',
      });
    }
    if ((item.title ?? '').length > 32)
      errors.push({ pointer: `/itemList/${i}/title`, code: 'too_long', message: 'A title is at most 32 characters.' });
  });
  if ((input.feedbackInfo ?? '').length > 200)
    errors.push({ pointer: '/feedbackInfo', code: 'too_long', message: 'feedbackInfo is at most 200 characters.' });
  if ((input.feedbackStuff ?? []).length > 5)
    errors.push({ pointer: '/feedbackStuff', code: 'too_many', message: 'feedbackStuff holds at most 5 media ids.' });
  if (errors.length > 0) throw invalid(errors);

  const body: Record<string, unknown> = {};
  if (items.length > 0) {
    body.item_list = items.map((item) => ({
      address: item.address,
      tag: item.tag,
      title: item.title,
      first_class: item.firstClass,
      second_class: item.secondClass,
      third_class: item.thirdClass,
      first_id: item.firstId,
      second_id: item.secondId,
      third_id: item.thirdId,
    }));
  }
  if (input.versionDesc !== undefined) body.version_desc = input.versionDesc;
  if (input.feedbackInfo !== undefined) body.feedback_info = input.feedbackInfo;
  if (input.feedbackStuff?.length) body.feedback_stuff = input.feedbackStuff.join('|');
  if (input.privacyApiNotUse !== undefined) body.privacy_api_not_use = input.privacyApiNotUse;
  if (input.ugcDeclare) {
    const u = input.ugcDeclare;
    body.ugc_declare = {
      scene: u.scene,
      other_scene_desc: u.otherSceneDesc,
      method: u.method,
      has_audit_team: u.hasAuditTeam,
      audit_desc: u.auditDesc,
    };
  }
  if (input.previewInfo)
    body.preview_info = { video_id_list: input.previewInfo.videoIdList, pic_id_list: input.previewInfo.picIdList };
  if (input.orderPath !== undefined) body.order_path = input.orderPath;
  return body;
}
