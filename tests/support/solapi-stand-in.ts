/**
 * A stand-in for SOLAPI's `POST /messages/v4/send-many/detail`, strict as the documentation: it
 * refuses a wrong API key, a bad signature, a date more than 15 minutes off, a salt used before, a
 * sender not registered or not written as digits only, a Kakao channel not registered, an unknown template, variables that differ from the
 * template's, a number that is not a mobile one and a fallback text longer than an LMS (a 문자 sent
 * without kakaoOptions, as an ad is, is checked for its sender, number and length). It records
 * each message it accepts (with its customFields) and can be told to fail the next requests: a 5xx,
 * no answer at all, or an answer only after the client gave up (the message sent all the same, as
 * a slow provider does).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInAccount = { apiKey: string; apiSecret: string; sender: string; pfId: string; templates: Record<string, string> };

export type ReceivedMessage = {
  to: string;
  from: string;
  text: string;
  templateId: string;
  variables: Record<string, string>;
  customFields: Record<string, string>;
};

type Failure = 'status503' | 'noAnswer' | 'slowAnswer';
/** How late a slow answer comes: past any client timeout the tests set. */
const SLOW_ANSWER_MS = 2_000;

export type SolapiStandIn = {
  url: string;
  /** Messages accepted, in order. */
  received: ReceivedMessage[];
  /** Requests refused as a whole, by error code. */
  refusals: string[];
  /**
   * The next `count` requests fail: HTTP 503, no answer at all (nothing sent), or the message sent
   * and the answer held back until after the client timed out.
   */
  failNext(count: number, how: Failure): void;
  close(): Promise<void>;
};

const MAX_SKEW_MS = 15 * 60_000;
/** An LMS holds 2,000 bytes (EUC-KR: a Hangul syllable is two). */
const LMS_MAX_BYTES = 2000;

function eucKrBytes(text: string): number {
  return [...text].reduce((sum, character) => sum + (character.charCodeAt(0) < 128 ? 1 : 2), 0);
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/#\{[^}]*\}/g)].map((match) => match[0]))].sort();
}

export async function startSolapiStandIn(account: StandInAccount): Promise<SolapiStandIn> {
  const received: ReceivedMessage[] = [];
  const refusals: string[] = [];
  const salts = new Set<string>();
  let failures: Failure[] = [];
  const heldAnswers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const refuse = (status: number, errorCode: string) => {
        refusals.push(errorCode);
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode, errorMessage: errorCode }));
      };
      const failure = failures.shift();
      if (failure === 'noAnswer') return;
      if (failure === 'status503') return refuse(503, 'ServiceUnavailable');
      const answer = (status: number, body: unknown) => {
        const send = () => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (failure !== 'slowAnswer') return send();
        const held = setTimeout(() => {
          heldAnswers.delete(held);
          send();
        }, SLOW_ANSWER_MS);
        heldAnswers.add(held);
      };
      if (request.method !== 'POST' || request.url !== '/messages/v4/send-many/detail') return refuse(404, 'NotFound');
      const auth = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(request.headers.authorization ?? '');
      if (!auth) return refuse(401, 'InvalidAuthorizationHeader');
      const [, apiKey, date, salt, signature] = auth;
      if (apiKey !== account.apiKey) return refuse(403, 'InvalidApiKey');
      if (!(Math.abs(Date.now() - Date.parse(date)) <= MAX_SKEW_MS)) return refuse(403, 'RequestTimeTooSkewed');
      if (
        createHmac('sha256', account.apiSecret)
          .update(date + salt)
          .digest('hex') !== signature
      )
        return refuse(403, 'SignatureDoesNotMatch');
      if (salts.has(salt)) return refuse(403, 'DuplicatedSignature');
      salts.add(salt);
      let body: { messages?: Array<Record<string, unknown>> };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return refuse(400, 'InvalidJSON');
      }
      if (!Array.isArray(body.messages) || body.messages.length === 0) return refuse(400, 'ValidationError');
      const groupId = randomUUID();
      const failedMessageList: Array<{ to: unknown; statusCode: string; statusMessage: string }> = [];
      const messageList: Array<{ messageId: string; to: string; statusCode: string }> = [];
      for (const message of body.messages) {
        const customFields = (message.customFields ?? {}) as Record<string, string>;
        const kakao = (message.kakaoOptions ?? {}) as { pfId?: string; templateId?: string; variables?: Record<string, string>; disableSms?: boolean };
        const to = String(message.to ?? '');
        const text = String(message.text ?? '');
        const template = kakao.templateId ? account.templates[kakao.templateId] : undefined;
        const fail = (statusCode: string) => failedMessageList.push({ to: message.to, statusCode, statusMessage: statusCode });
        const accept = (templateId: string, variables: Record<string, string>) => {
          received.push({ to, from: String(message.from), text, templateId, variables, customFields });
          messageList.push({ messageId: `M4V${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`, to, statusCode: '2000' });
        };
        const textOnly = message.kakaoOptions === undefined;
        if (message.from !== account.sender) fail('InvalidSenderNumber');
        else if (textOnly) {
          // A 문자 without 알림톡: SMS or LMS by its length.
          if (!/^01[016789]\d{7,8}$/.test(to)) fail('InvalidPhoneNumber');
          else if (eucKrBytes(text) > LMS_MAX_BYTES) fail('TextTooLong');
          else accept('', {});
        } else if (kakao.pfId !== account.pfId) fail('InvalidPfId');
        else if (template === undefined) fail('TemplateNotFound');
        else if (JSON.stringify(Object.keys(kakao.variables ?? {}).sort()) !== JSON.stringify(placeholders(template))) fail('TemplateVariablesMismatch');
        else if (Object.values(kakao.variables ?? {}).some((value) => typeof value !== 'string')) fail('TemplateVariablesMismatch');
        else if (!/^01[016789]\d{7,8}$/.test(to)) fail('InvalidPhoneNumber');
        else if (kakao.disableSms !== true && eucKrBytes(text) > LMS_MAX_BYTES) fail('TextTooLong');
        else accept(kakao.templateId ?? '', kakao.variables ?? {});
      }
      answer(200, { groupInfo: { groupId, count: { total: body.messages.length } }, failedMessageList, messageList });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    refusals,
    failNext(count, how) {
      failures = [...failures, ...Array.from({ length: count }, () => how)];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const held of heldAnswers) clearTimeout(held);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
