/**
 * SOLAPI's HTTP API v4, the one call the site makes: one 알림톡 per request to
 * `POST /messages/v4/send-many/detail`, with SMS fallback (`disableSms: false`: when Kakao cannot
 * deliver, SOLAPI sends the text as SMS/LMS from the registered sender), or a 문자 without 알림톡
 * (a group message's ad: SOLAPI picks SMS or LMS by the text's length). A typed fetch client rather
 * than the `solapi` SDK: one endpoint, no extra dependency. Each request is signed anew
 * (HMAC-SHA256 over date + salt with the API secret; the secret itself never leaves this process).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { MessagesConfig } from '../config';

export type AlimtalkMessage = {
  /** Digits only. */
  to: string;
  /** The 알림톡 template code registered with Kakao through SOLAPI; null: sent as 문자 (SMS/LMS) only, as an ad must be. */
  templateId: string | null;
  /** `#{이름}` → value; Kakao refuses a message whose variables differ from the template's. */
  variables: Record<string, string>;
  /** The filled-in text, which the SMS fallback sends. */
  text: string;
  /** This message's own key, the same at every attempt: sent in its customFields, so the provider's log tells a repeat. */
  key: string;
};

export type SendResult =
  | { ok: true; messageId: string }
  /** `retryable`: the provider answered that it was down (5xx, 429) or could not be reached; else it refused the message. */
  | { ok: false; retryable: boolean; code: string; unknown?: undefined }
  /** The request left and no answer came back in time: the provider may have sent it. */
  | { ok: false; unknown: true; code: string; retryable?: undefined };

export interface MessageProvider {
  send(message: AlimtalkMessage): Promise<SendResult>;
}

const TIMEOUT_MS = 10_000;

/** The `Authorization` header SOLAPI checks: a fresh date and salt, signed with the secret. */
export function solapiAuthorization(apiKey: string, apiSecret: string, date = new Date().toISOString(), salt = randomBytes(16).toString('hex')): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

/**
 * A provider's code as logged and shown: a short word, or `Unrecognised`. Whatever else an answer
 * carries (a message naming the number, say) never reaches a log line.
 */
function safeCode(code: unknown, fallback: string): string {
  if (code === undefined || code === null) return fallback;
  const text = String(code);
  return /^[A-Za-z][A-Za-z_.-]{0,39}$|^\d{4}$/.test(text) ? text : 'Unrecognised';
}

type SendManyDetailResponse = {
  failedMessageList?: Array<{ statusCode?: string; statusMessage?: string }>;
  messageList?: Array<{ messageId?: string; statusCode?: string }>;
};

export function createSolapiProvider(config: MessagesConfig, { fetchImpl = globalThis.fetch, timeoutMs = TIMEOUT_MS } = {}): MessageProvider {
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(`${config.apiUrl}/messages/v4/send-many/detail`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: solapiAuthorization(config.apiKey, config.apiSecret) },
          body: JSON.stringify({
            messages: [
              {
                to: message.to,
                from: config.sender,
                text: message.text,
                customFields: { messageKey: message.key },
                ...(message.templateId === null
                  ? {}
                  : { kakaoOptions: { pfId: config.kakaoPfId, templateId: message.templateId, variables: message.variables, disableSms: false } }),
              },
            ],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // Refused at connect: nothing left, so trying again cannot send it twice.
        if (connectFailed(error)) return { ok: false, retryable: true, code: 'ConnectFailed' };
        return { ok: false, unknown: true, code: (error as Error).name === 'TimeoutError' ? 'Timeout' : 'NetworkError' };
      }
      const body = (await response.json().catch(() => null)) as (SendManyDetailResponse & { errorCode?: string }) | null;
      if (!response.ok) {
        const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
        return { ok: false, retryable, code: safeCode(body?.errorCode, `HTTP${response.status}`) };
      }
      const failed = body?.failedMessageList?.[0];
      if (failed) return { ok: false, retryable: false, code: safeCode(failed.statusCode, 'Failed') };
      const messageId = body?.messageList?.[0]?.messageId;
      if (!messageId) return { ok: false, retryable: true, code: 'NoMessageId' };
      return { ok: true, messageId };
    },
  };
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether fetch failed before the request could leave (no connection), so the provider never saw it. */
function connectFailed(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' && CONNECT_ERRORS.has(cause.code);
}
