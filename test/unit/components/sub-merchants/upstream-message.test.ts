/** The line beside the state badge (src/components/sub-merchants/upstream-message.ts): said once, in the operator's words. */
import { describe, expect, it } from 'vitest';
import { upstreamMessageWorthShowing } from '@/components/sub-merchants/upstream-message';

describe('upstreamMessageWorthShowing', () => {
  it('keeps a Chinese upstream sentence that says more than the badge', () => {
    expect(upstreamMessageWorthShowing('请在 3 日内完成签约', '待签约', 'zh-CN')).toBe('请在 3 日内完成签约');
  });

  it('drops a message that repeats the badge, and an English one in the Chinese console', () => {
    expect(upstreamMessageWorthShowing('审核中', '审核中', 'zh-CN')).toBeNull();
    expect(upstreamMessageWorthShowing('The sub-merchant is open.', '已开通', 'zh-CN')).toBeNull();
    expect(upstreamMessageWorthShowing('The sub-merchant is open.', 'Open', 'en')).toBe('The sub-merchant is open.');
  });

  it('drops the raw rejection text once its reasons are shown by field label', () => {
    const raw = 'alias_name：商户简称与营业执照不符';
    expect(upstreamMessageWorthShowing(raw, '已驳回', 'zh-CN', 1)).toBeNull();
    // Without parsed reasons the text is all the operator has, so it stays.
    expect(upstreamMessageWorthShowing(raw, '已驳回', 'zh-CN', 0)).toBe(raw);
  });
});
