/**
 * Tells the sales team about each new lead: POSTs it as JSON to LEAD_WEBHOOK_URL (e.g. a chat or
 * CRM hook), retrying with exponential backoff. Runs beside the request, never in front of it:
 * the visitor's answer does not wait for (or depend on) the webhook. The lead itself is already
 * durable, so a notification given up after the last attempt loses nothing but the ping.
 */
import type { LeadNotification, LeadNotifier } from '../messages/lead-notification';

export type WebhookNotifierOptions = {
  url: string;
  fetch?: typeof globalThis.fetch;
  maxAttempts?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  /** At most this many notifications wait at once; beyond it new ones are logged and skipped. */
  maxPending?: number;
};

export const silentNotifier: LeadNotifier = { notify() {}, close() {} };

/** Tells each of `notifiers` (the webhook, the customer's confirmation message). */
export function allNotifiers(notifiers: LeadNotifier[]): LeadNotifier {
  return {
    notify: (lead) => notifiers.forEach((notifier) => notifier.notify(lead)),
    close: () => notifiers.forEach((notifier) => notifier.close()),
  };
}

export function createWebhookNotifier(options: WebhookNotifierOptions): LeadNotifier {
  const send = options.fetch ?? globalThis.fetch;
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxPending = options.maxPending ?? 1000;
  const timers = new Set<NodeJS.Timeout>();
  let pending = 0;
  let closed = false;

  const attempt = async (lead: LeadNotification, attemptNumber: number): Promise<void> => {
    try {
      const response = await send(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'lead.created', lead }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // 4xx other than 408/429 will not get better by asking again.
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      if (response.ok || !retryable) {
        if (!response.ok) console.error(`[leads] webhook refused lead ${lead._id}: HTTP ${response.status}`);
        pending -= 1;
        return;
      }
      throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (closed || attemptNumber >= maxAttempts) {
        console.error(`[leads] webhook gave up on lead ${lead._id} after ${attemptNumber} attempts: ${(error as Error).message}`);
        pending -= 1;
        return;
      }
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void attempt(lead, attemptNumber + 1);
        },
        baseDelayMs * 2 ** (attemptNumber - 1),
      );
      timer.unref();
      timers.add(timer);
    }
  };

  return {
    notify(lead) {
      if (closed) return;
      if (pending >= maxPending) {
        console.error(`[leads] webhook queue full, not notifying lead ${lead._id}`);
        return;
      }
      pending += 1;
      void attempt(lead, 1);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
