/** Messages to customers (알림톡/SMS) wired from the configuration ("Messages" in .env.example, docs/messages.md). */
import type { ServerConfig } from '../config';
import type { ContentSources } from '../content/index';
import { startDailyJob, type DailyJobOptions } from '../daily-timer';
import { MessageDispatcher } from './dispatcher';
import { SalesMessageLog, type MessageLog } from './message-log';
import { createSolapiProvider } from './solapi';

export { MessageDispatcher } from './dispatcher';
export { SalesMessageLog, type MessageLog } from './message-log';

const DELIVERY_INTERVAL_MS = 15_000;
const HOUR_MS = 3600_000;
/** Reminders go out between 09:00 and 20:00 Seoul time, never at night. */
const REMINDER_HOURS = { from: 9, to: 20 };

export type Messages = { dispatcher: MessageDispatcher; log: MessageLog; close(): Promise<void> };

/**
 * The message log (the sales database's `lead_messages`), the dispatcher
 * (sending through SOLAPI when MESSAGES_PROVIDER=solapi) and its loops: due messages every 15
 * seconds, tomorrow's reminders queued hourly in the day (a booking made late still gets one;
 * the key per customer and day keeps it to one).
 */
export function openMessages(
  sources: Pick<ContentSources, 'content' | 'sales'>,
  config: Pick<ServerConfig, 'messages' | 'customerMessageDailyCap'>,
  dailyJobs: Pick<DailyJobOptions, 'gate'> = {},
  staffMobile?: (email: string) => Promise<string | null>,
): Messages {
  const log = new SalesMessageLog(sources.sales);
  const dispatcher = new MessageDispatcher({
    log,
    sales: sources.sales,
    content: sources.content,
    provider: config.messages && createSolapiProvider(config.messages),
    staffMobile,
    customerDailyCap: config.customerMessageDailyCap,
  });
  dispatcher.start(DELIVERY_INTERVAL_MS);
  const stopReminders = startDailyJob(
    'messages',
    async () => {
      const seoulHour = new Date(Date.now() + 9 * HOUR_MS).getUTCHours();
      if (seoulHour < REMINDER_HOURS.from || seoulHour >= REMINDER_HOURS.to) return null;
      const visits = await dispatcher.queueReminders();
      return visits > 0 ? `reminders for ${visits} visit(s) tomorrow queued (each sent once)` : null;
    },
    { ...dailyJobs, intervalMs: HOUR_MS },
  );
  return {
    dispatcher,
    log,
    async close() {
      stopReminders();
      await dispatcher.stop();
      await log.close();
    },
  };
}
