/** The last step of every message: its template filled in, handed to the provider, and the answer as the job's outcome. */
import { templateVariables } from '../../shared/outbound-messages';
import { MESSAGE_MAX_ATTEMPTS, nextAttemptAt, type MessageJob, type MessageOutcome } from './message-log';
import type { MessageProvider } from './solapi';

/** The template filled in and sent; the provider's answer as the job's outcome (retried when it was down). */
export async function deliverText(
  job: MessageJob,
  provider: MessageProvider,
  message: { to: string; templateId: string | null; text: string },
  values: Record<string, string>,
  now: () => number,
): Promise<MessageOutcome> {
  const variables = Object.fromEntries(templateVariables(message.text).map((name) => [`#{${name}}`, values[name] ?? '']));
  const text = message.text.replace(/#\{([^}]*)\}/g, (_, name: string) => values[name] ?? '');
  const result = await provider.send({ to: message.to, templateId: message.templateId, variables, text, key: job.key });
  if (result.ok) return { status: 'sent' };
  if (result.unknown) {
    // Sending again could be the customer's second (or sixth) copy: staff see it to check instead.
    console.error(`[messages] no answer from the provider for the ${job.event} message of lead ${job.leadId}; not sent again: ${result.code}`);
    return { status: 'unknown', reason: 'providerNoAnswer', providerCode: result.code };
  }
  const attempts = job.attempts + 1;
  if (!result.retryable) {
    console.error(`[messages] the provider refused the ${job.event} message of lead ${job.leadId}: ${result.code}`);
    return { status: 'failed', reason: 'providerRefused', providerCode: result.code };
  }
  if (attempts >= MESSAGE_MAX_ATTEMPTS) {
    console.error(`[messages] gave up on the ${job.event} message of lead ${job.leadId} after ${attempts} attempts: ${result.code}`);
    return { status: 'failed', reason: 'providerError', providerCode: result.code };
  }
  console.error(`[messages] the ${job.event} message of lead ${job.leadId} will be retried (attempt ${attempts}): ${result.code}`);
  return { status: 'retry', retryAt: nextAttemptAt(now(), attempts), reason: 'providerError', providerCode: result.code };
}
