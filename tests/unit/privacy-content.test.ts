import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The privacy page of the seed content names where personal data is kept and who processes it. */
const privacyPage = readFileSync('content/production.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { _id: string })
  .find((document) => document._id === 'page-privacy');
const text = JSON.stringify(privacyPage);

describe('privacy page (seed content)', () => {
  it('names the database processor, where the data is kept, and that Sanity receives none of it', () => {
    expect(text).toContain('데이터베이스 운영사');
    expect(text).toContain('국내(서울)에 있는 데이터베이스에만 저장하며 국외로 이전하지 않습니다');
    expect(text).toContain('Sanity');
  });

  it('says how long a deleted lead stays in backups', () => {
    expect(text).toContain('백업 보관 기간');
  });
});
