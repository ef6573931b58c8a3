/**
 * The particle after a variable word is chosen from its last syllable, and the console's messages
 * that put one after a time, a role, a number or a typed value use it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withParticle } from '../../web/shared/korean-particle';
import { BOOKING_TEXT } from '../../web/app/components/console/VisitBookingPanel';
import { VISITS_TEXT } from '../../web/app/components/console/visit-text';
import { DESK_TEXT } from '../../web/app/components/console/DeskRegistrationForm';
import { consoleText } from '../../web/app/components/console/console-text';

describe('withParticle', () => {
  it('reads the final consonant of a Hangul syllable; ㄹ takes 로', () => {
    expect(withParticle('팀장', '으로/로')).toBe('팀장으로');
    expect(withParticle('상담사', '으로/로')).toBe('상담사로');
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('관리자', '을/를')).toBe('관리자를');
    expect(withParticle('팀장', '을/를')).toBe('팀장을');
    expect(withParticle('서울', '은/는')).toBe('서울은');
    expect(withParticle('상담사', '이/가')).toBe('상담사가');
    expect(withParticle('팀장', '과/와')).toBe('팀장과');
  });

  it('reads digits and letters as they are said', () => {
    expect(withParticle('14:00', '으로/로')).toBe('14:00으로');
    expect(withParticle('11월 26일 (목) 14:30', '으로/로')).toBe('11월 26일 (목) 14:30으로');
    expect(withParticle('010-****-5678', '으로/로')).toBe('010-****-5678로');
    expect(withParticle('010-****-5673', '으로/로')).toBe('010-****-5673으로');
    expect(withParticle('2026-13-01', '은/는')).toBe('2026-13-01은');
    expect(withParticle('2026-13-02', '은/는')).toBe('2026-13-02는');
    expect(withParticle('abc', '은/는')).toBe('abc는');
    expect(withParticle('room', '은/는')).toBe('room은');
    expect(withParticle('"2026-13-01"', '은/는')).toBe('"2026-13-01"은');
  });

  it('reads every final digit: 영·삼·육 and 십·백·천 take 으로, 일·칠·팔 (ㄹ) and 이·사·오·구 take 로', () => {
    const afterTime = (digit: number) => withParticle(`14:0${digit}`, '으로/로').slice('14:0'.length);
    expect(Array.from({ length: 10 }, (_, digit) => afterTime(digit))).toEqual(['0으로', '1로', '2로', '3으로', '4로', '5로', '6으로', '7로', '8로', '9로']);
    expect(Array.from({ length: 10 }, (_, digit) => withParticle(`${digit}`, '은/는'))).toEqual([
      '0은',
      '1은',
      '2는',
      '3은',
      '4는',
      '5는',
      '6은',
      '7은',
      '8은',
      '9는',
    ]);
    expect(withParticle('10', '으로/로')).toBe('10으로');
    expect(withParticle('100', '이/가')).toBe('100이');
  });

  it('keeps the written pair when the last character says nothing', () => {
    expect(withParticle('?!', '으로/로')).toBe('?!(으)로');
    expect(withParticle('', '은/는')).toBe('은(는)');
  });
});

describe('console messages with a particle after a variable', () => {
  it('chooses it: no "(으)로" or "은(는)" left', () => {
    expect(BOOKING_TEXT.moved('11월 26일 (목) 14:00')).toBe('방문 일시를 11월 26일 (목) 14:00으로 바꿨습니다.');
    expect(consoleText.accounts.roleDone('김상담', '팀장', false)).toContain('김상담 님의 역할을 팀장으로 바꿨습니다.');
    expect(consoleText.accounts.roleDone('김상담', '상담사', true)).toContain('김상담 님의 역할을 상담사로 바꿨습니다.');
    expect(consoleText.accounts.mobileDone('김상담', '010-****-5678')).toContain('김상담 님의 휴대폰 번호를 010-****-5678로 저장했습니다.');
    expect(DESK_TEXT.moved('김민수', '11월 26일 (목) 11:00', '11월 26일 (목) 14:00')).toBe(
      '김민수 님의 방문 예약을 11월 26일 (목) 11:00에서 11월 26일 (목) 14:00으로 옮겼습니다.',
    );
    expect(DESK_TEXT.moved('김민수', '11월 26일 (목) 14:00', '11월 26일 (목) 16:05')).toBe(
      '김민수 님의 방문 예약을 11월 26일 (목) 14:00에서 11월 26일 (목) 16:05로 옮겼습니다.',
    );
    expect(VISITS_TEXT.badDate('2026-13-01')).toMatch(/^"2026-13-01"은 올바른 날짜가 아닙니다/);
  });
});

describe('the sources', () => {
  it('write no pair such as "(으)로" after a variable: every one goes through withParticle', () => {
    const root = join(import.meta.dirname, '../../web');
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path) && !path.endsWith('korean-particle.ts'));
    const written = sources.filter((path) => /\}\((으|을|은|이|과|와)\)|\}(을|은|이|과)\((를|는|가|와)\)/.test(readFileSync(join(root, path), 'utf8')));
    expect(written).toEqual([]);
  });
});
