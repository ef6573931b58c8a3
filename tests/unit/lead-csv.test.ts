import { describe, expect, it } from 'vitest';
import { csvCell, leadsToCsv } from '../../web/server/leads/csv';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { parseSourcePage } from '../../web/server/leads/service';

const lead = {
  _id: 'lead-1',
  name: '홍길동',
  phone: '01012345678',
  message: '=HYPERLINK("http://evil")',
  visitAt: '2026-12-05 14:00',
  visitSlotStatus: 'booked',
  consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: '2026-11-22T00:00:00.000Z' },
  sourcePage: '/Promotion/Customer',
  formKind: 'customer',
  utm: { source: 'naver', medium: null, campaign: null, term: null, content: null },
  createdAt: '2026-11-22T00:00:00.000Z',
};

describe('lead CSV', () => {
  it('starts with a BOM, has Korean headers and CRLF line ends', () => {
    const csv = leadsToCsv([lead as never]);
    expect(csv.startsWith('\uFEFF"등록일시(KST)","이름","연락처"')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toContain('"2026-11-22 09:00:00","홍길동","010-1234-5678"');
    expect(lines[1]).toContain('"2026-12-05 14:00","예약됨","예","아니오","예","2026-11","2026-11-22 09:00:00"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\n=1+1', '\u0000=1+1'])('makes %j inert', (value) => {
    expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
  });

  it('quotes quotes and keeps ordinary text as is', () => {
    expect(csvCell('그는 "네"라고')).toBe('"그는 ""네""라고"');
    expect(csvCell('010-1234-5678')).toBe('"010-1234-5678"');
    expect(leadsToCsv([lead as never])).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('the source page of a lead', () => {
  it('keeps no control characters in the path or the utm_* values', () => {
    const { sourcePage, utm } = parseSourcePage(
      '/Promotion%0A%0D/Customer?utm_source=%0A%3DHYPERLINK(1)&utm_medium=%00cpc%7F&utm_campaign=a%09b%C2%85c%C2%9F',
    );
    expect(sourcePage).toBe('/Promotion/Customer');
    expect(utm).toEqual({ source: '=HYPERLINK(1)', medium: 'cpc', campaign: 'abc' });
    expect(csvCell(utm!.source!)).toBe(`"'=HYPERLINK(1)"`);
  });
});

describe('form tokens', () => {
  const signer = createFormTokenSigner('secret-a');

  it('round-trip their payload', () => {
    const payload = signer.verify(signer.issue('2026-11', 1_000));
    expect(payload).toMatchObject({ issuedAt: 1_000, consentVersion: '2026-11', idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('refuse another secret, tampering and garbage', () => {
    const token = signer.issue('2026-11', 1_000);
    expect(createFormTokenSigner('secret-b').verify(token)).toBeNull();
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ issuedAt: 0, idempotencyKey: 'a'.repeat(32), consentVersion: 'x' })).toString('base64url');
    expect(signer.verify(`${forged}.${signature}`)).toBeNull();
    expect(signer.verify(`${body}.${signature}x`)).toBeNull();
    for (const garbage of [undefined, 1, '', '.', 'a.b.c', 'x'.repeat(600)]) expect(signer.verify(garbage)).toBeNull();
  });
});
