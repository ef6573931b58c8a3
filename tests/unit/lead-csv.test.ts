import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../web/server/csv';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { parseSourcePage } from '../../web/server/leads/source-page';
import { stripFormatCharacters, withoutFormatCharacters } from '../../web/server/free-text';

describe('staff CSV cells', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\n=1+1', '\u0000=1+1'])('makes %j inert', (value) => {
    expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
  });

  it('quotes quotes and keeps ordinary text as is', () => {
    expect(csvCell('그는 "네"라고')).toBe('"그는 ""네""라고"');
    expect(csvCell('010-1234-5678')).toBe('"010-1234-5678"');
    expect(csvLine(['=HYPERLINK("http://evil")', '홍길동'])).toBe(`"'=HYPERLINK(""http://evil"")","홍길동"\r\n`);
  });
});

describe('the source page of a lead', () => {
  it('keeps no control characters in the path or the utm_* values', () => {
    const { sourcePage, utm } = parseSourcePage('/Promotion%0A%0D/Customer?utm_source=%0A%3DHYPERLINK(1)&utm_medium=%00cpc%7F&utm_campaign=a%09b%C2%85c%C2%9F');
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

describe('free text without format characters', () => {
  it('drops bidi controls and zero-width characters from the named fields only', () => {
    const body = { name: '\u202e동길홍\u202c', message: '\u2067상담\u200b 원합니다\u2069\u061c', phone: '010\u200b' };
    expect(withoutFormatCharacters(body, ['name', 'message'])).toEqual({ name: '동길홍', message: '상담 원합니다', phone: '010\u200b' });
    expect(stripFormatCharacters('\ufeff메모\u200d')).toBe('메모');
  });
});
