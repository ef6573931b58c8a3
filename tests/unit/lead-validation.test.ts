import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../web/shared/phone-format';
import { normalisePhone, validateLead } from '../../web/shared/lead-validation';
import { leadMessages } from '../../web/shared/messages';

const errors = leadMessages.errors;
const base = { name: '홍길동', phone: '010-1234-5678', privacyConsent: 'on', ageConfirmed: 'on' };

describe('normalisePhone', () => {
  it.each([
    ['010-1234-5678', '01012345678'],
    ['010 1234 5678', '01012345678'],
    ['010.1234.5678', '01012345678'],
    ['+82 10-1234-5678', '01012345678'],
    ['+82-10-1234-5678', '01012345678'],
    ['+82 010 1234 5678', '01012345678'],
    ['+82 (0)10 1234 5678', '01012345678'],
    ['  011-123-4567 ', '0111234567'],
  ])('%s → %s', (raw, expected) => expect(normalisePhone(raw.trim())).toBe(expected));

  it('formats 10 and 11 digits with hyphens', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
  });
});

describe('validateLead', () => {
  it.each([
    ['010-1234-5678'],
    ['01012345678'],
    ['+82 10 1234 5678'],
    ['011-123-4567'],
    ['016-1234-5678'],
    ['017.123.4567'],
    ['018 1234 5678'],
    ['019-123-4567'],
  ])('accepts the mobile number %s', (phone) => {
    const result = validateLead({ ...base, phone });
    expect(result.ok).toBe(true);
  });

  it.each([
    ['012-1234-5678', errors.phoneInvalid],
    ['015-1234-5678', errors.phoneInvalid],
    ['02-123-4567', errors.phoneInvalid],
    ['032-123-4567', errors.phoneInvalid],
    ['1600-0000', errors.phoneInvalid],
    ['010-123-456', errors.phoneInvalid],
    ['010-12345-67890', errors.phoneInvalid],
    ['010-1234-567a', errors.phoneInvalid],
    ['+1 010 1234 5678', errors.phoneInvalid],
    ['', errors.phoneRequired],
    ['   ', errors.phoneRequired],
  ])('refuses the phone %j', (phone, message) => {
    const result = validateLead({ ...base, phone });
    expect(result).toEqual({ ok: false, errors: { phone: message } });
  });

  it('stores the normalised number and the trimmed name', () => {
    const result = validateLead({ ...base, name: '  홍  길동 ', phone: '+82 10.9876.5432', marketingConsent: 'on' });
    expect(result).toEqual({
      ok: true,
      lead: {
        name: '홍 길동',
        phone: '01098765432',
        message: '',
        visitSlotId: null,
        consent: { privacy: true, marketing: true, ageOver14: true },
        formKind: 'popup',
      },
    });
  });

  it('takes names of 1 to 50 characters (Hangul counted as one each)', () => {
    expect(validateLead({ ...base, name: '김' }).ok).toBe(true);
    expect(validateLead({ ...base, name: '가'.repeat(50) }).ok).toBe(true);
    expect(validateLead({ ...base, name: '가'.repeat(51) })).toEqual({ ok: false, errors: { name: errors.nameTooLong } });
    expect(validateLead({ ...base, name: '' })).toEqual({ ok: false, errors: { name: errors.nameRequired } });
    expect(validateLead({ ...base, name: '홍\u0000길동' })).toEqual({ ok: false, errors: { name: errors.nameInvalid } });
    for (const control of ['\u007f', '\u0085', '\u009b']) {
      expect(validateLead({ ...base, name: `홍${control}길동` })).toEqual({ ok: false, errors: { name: errors.nameInvalid } });
    }
  });

  it('takes names, not text: Hangul, Latin letters, spaces and a few marks; no link, digits, @, / or :', () => {
    for (const name of ['홍길동', 'Kim Min-ji', "O'Brien", 'Mary Jane Watson-Parker', '남궁 민', 'Zoë Müller', 'Ji-hoon K.', '제임스·본드']) {
      expect(validateLead({ ...base, name }), name).toMatchObject({ ok: true, lead: { name } });
    }
    for (const name of [
      '홍길동님 당첨! http://evil.kr/a 확인 바랍니다',
      'evil.kr/a',
      'www.evil.kr',
      'kim@evil.kr',
      '홍길동 010-1234-5678',
      '고객7',
      '당첨:확인',
      '...',
      'ㅤ',
      '홍ㅤ길동',
      '<b>홍</b>',
    ]) {
      expect(validateLead({ ...base, name }), name).toEqual({ ok: false, errors: { name: errors.nameInvalid } });
    }
    expect(errors.nameInvalid).toMatch(/한글/);
  });

  it('limits the message to 2,000 characters and requires it on the customer page only', () => {
    expect(validateLead({ ...base, message: '가'.repeat(2000) }).ok).toBe(true);
    expect(validateLead({ ...base, message: '가'.repeat(2001) })).toEqual({ ok: false, errors: { message: errors.messageTooLong } });
    expect(validateLead({ ...base, formKind: 'home' }).ok).toBe(true);
    expect(validateLead({ ...base, formKind: 'customer' })).toEqual({ ok: false, errors: { message: errors.messageRequired } });
    expect(validateLead({ ...base, formKind: 'customer', message: '84A 상담 원합니다' }).ok).toBe(true);
  });

  it('requires the collection consent and the age confirmation, but never the marketing consent', () => {
    expect(validateLead({ name: '홍길동', phone: '01012345678' })).toEqual({
      ok: false,
      errors: { privacyConsent: errors.privacyConsentRequired, ageConfirmed: errors.ageRequired },
    });
    expect(validateLead({ ...base, privacyConsent: 'false' }).ok).toBe(false);
    expect(validateLead({ ...base, privacyConsent: true, ageConfirmed: true, marketingConsent: false }).ok).toBe(true);
  });

  it('reports every wrong field at once, in Korean', () => {
    const result = validateLead({ phone: 'abc' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['ageConfirmed', 'name', 'phone', 'privacyConsent']);
    for (const message of Object.values(result.errors)) expect(message).toMatch(/[가-힣]/);
  });

  it('accepts a slot id and refuses anything else in its place', () => {
    const ok = validateLead({ ...base, visitSlot: 'visitSlot-20261205-1400' });
    expect(ok.ok && ok.lead.visitSlotId).toBe('visitSlot-20261205-1400');
    expect(validateLead({ ...base, visitSlot: '../../etc' })).toEqual({ ok: false, errors: { visitSlot: errors.visitSlotInvalid } });
  });

  it('ignores values of the wrong type instead of throwing', () => {
    const result = validateLead({ name: 42, phone: ['010'], message: { a: 1 }, privacyConsent: {}, ageConfirmed: null });
    expect(result.ok).toBe(false);
  });
});
