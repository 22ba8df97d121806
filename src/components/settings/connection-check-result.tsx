import type { ConnectionOutcome, ConnectionRemedy } from '@/domain/connection-check-outcomes';
import type { Translate } from '@/i18n/format';
import type { MessageKey } from '@/i18n/messages/en';
import type { ConnectionCheck } from '@/server/services/upstream-connections/check-upstream-connections';
import { richText } from '@/components/ui/rich-text';

/** The operator's language for a code the catalog knows; else the English the server wrote (a newer server). */
function said(t: Translate, key: string, english: string | undefined, said: ConnectionOutcome | ConnectionRemedy) {
  const text = t(key as MessageKey);
  if (text === key) return english ?? '';
  return richText(text, said.params);
}

/**
 * One upstream's result: what the call proved or what went wrong, in the operator's language; the upstream's own
 * message quoted as code; the calls made and the variable to fix as code.
 */
export function ConnectionCheckResult({ check, t }: { check: ConnectionCheck; t: Translate }) {
  const calls = check.requests.flatMap((request, i) => [
    ...(i > 0 ? [t('settings.doctor.then')] : []),
    <code key={request}>{request}</code>,
  ]);
  return (
    <>
      {said(t, `settings.doctor.outcome.${check.outcome.code}`, check.detail, check.outcome)}
      {check.upstreamMessage && (
        <>
          <br />
          <span className="text-muted-foreground">
            {t('settings.doctor.upstreamMessage')} <code>{check.upstreamMessage}</code>
          </span>
        </>
      )}
      <br />
      <span className="text-muted-foreground">{richText(t('settings.doctor.call'), { call: <>{calls}</> })}</span>
      {!check.ok && check.variable && (
        <>
          <br />
          <strong>
            {richText(t('settings.doctor.fix'), {
              variable: check.variable,
              fix: (
                <>
                  {check.remedy
                    ? said(t, `settings.doctor.remedy.${check.remedy.code}`, check.fix, check.remedy)
                    : check.fix}
                </>
              ),
            })}
          </strong>
        </>
      )}
    </>
  );
}
