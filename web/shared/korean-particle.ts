/**
 * Korean particles after a variable word: the pair's first form after a final consonant (받침),
 * the second after a vowel, read from the word's last syllable ("14:00으로", "상담사로",
 * "팀장으로"). Digits and Latin letters are read as Koreans say them (0 영, 8 팔, "kr" 알), past a closing quote; a word
 * ending in anything else keeps the written pair ("(으)로").
 */
const PARTICLES = {
  '을/를': ['을', '를', '을(를)'],
  '이/가': ['이', '가', '이(가)'],
  '은/는': ['은', '는', '은(는)'],
  '과/와': ['과', '와', '과(와)'],
  '으로/로': ['으로', '로', '(으)로'],
} as const;
export type ParticlePair = keyof typeof PARTICLES;

type Ending = 'vowel' | 'rieul' | 'consonant';

/** How digits are read: 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구. */
const DIGIT_ENDINGS: readonly Ending[] = ['consonant', 'rieul', 'vowel', 'consonant', 'vowel', 'vowel', 'consonant', 'rieul', 'rieul', 'vowel'];
/** Letters read with a final consonant: 엘·알 (ㄹ), 엠, 엔. */
const LETTER_ENDINGS: Record<string, Ending> = { l: 'rieul', r: 'rieul', m: 'consonant', n: 'consonant' };
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final-consonant index of ㄹ in a Hangul syllable. */
const RIEUL = 8;

function endingOf(word: string): Ending | null {
  // A closing quote or bracket is not read: "2026-13-01"은.
  const last = [...word.replace(/["'”’)\]\s]+$/u, '')].at(-1);
  if (!last) return null;
  const code = last.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final === 0 ? 'vowel' : final === RIEUL ? 'rieul' : 'consonant';
  }
  if (/[0-9]/.test(last)) return DIGIT_ENDINGS[Number(last)];
  if (/[a-z]/i.test(last)) return LETTER_ENDINGS[last.toLowerCase()] ?? 'vowel';
  return null;
}

/** `word` followed by the particle its last syllable takes. */
export function withParticle(word: string, pair: ParticlePair): string {
  const [afterConsonant, afterVowel, unknown] = PARTICLES[pair];
  const ending = endingOf(word);
  if (ending === null) return `${word}${unknown}`;
  // 으로/로: ㄹ takes 로, like a vowel ("서울로").
  const takesVowelForm = ending === 'vowel' || (ending === 'rieul' && pair === '으로/로');
  return `${word}${takesVowelForm ? afterVowel : afterConsonant}`;
}
