/** The template variables the Studio allows in a message text (leadSettings.messageTemplates). */
import { describe, expect, it } from 'vitest';
import { templateVariables, unknownTemplateVariables } from '../../web/shared/outbound-messages';

describe('message template variables', () => {
  it('lists each #{…} once, and refuses any but 이름, 방문일시 and 대표번호', () => {
    const text = '#{이름}님, #{방문일시} 방문 예약. #{이름}님 문의 #{대표번호} #{전화번호} #{}';
    expect(templateVariables(text)).toEqual(['이름', '방문일시', '대표번호', '전화번호', '']);
    expect(unknownTemplateVariables(text)).toEqual(['전화번호', '']);
    expect(unknownTemplateVariables('#{이름}님, 등록되었습니다. 문의 #{대표번호}')).toEqual([]);
    expect(unknownTemplateVariables('변수 없는 문구')).toEqual([]);
  });
});
