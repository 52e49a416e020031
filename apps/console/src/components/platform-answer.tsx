import { translate, type Locale, type PlatformAnswer } from '@inviteflow/contract';
import './platform.css';

/**
 * What a platform answered (its own code and message, as it wrote them, and the request id
 * its support asks for), beside our standard error code: a record's failure, a platform
 * call's, a shop's pause. Nothing when the platform said nothing.
 */
export function PlatformAnswerText({
  answer,
  locale,
}: {
  answer: PlatformAnswer | null | undefined;
  locale: Locale;
}) {
  if (!answer || (!answer.code && !answer.message && !answer.requestId)) return null;
  const head = [
    answer.code ? translate(locale, 'platform.answer.code', { code: answer.code }) : null,
    answer.message,
  ].filter(Boolean);
  return (
    <span className="platform-answer" data-testid="platform-answer">
      {head.length > 0 && <span className="platform-answer-head">{head.join(' · ')}</span>}
      {answer.requestId && (
        <span className="platform-answer-request">
          {translate(locale, 'platform.answer.requestId', { requestId: answer.requestId })}
        </span>
      )}
    </span>
  );
}
