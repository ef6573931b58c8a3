import { SearchIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

export const seo = defineType({
  name: 'seo',
  title: '검색·공유 설정 (SEO)',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({
      name: 'title',
      title: '페이지 제목',
      description: '검색 결과와 브라우저 탭에 표시됩니다. 비워 두면 기본 제목을 씁니다.',
      type: 'string',
      validation: (rule) => rule.max(60).warning('검색 결과 제목은 60자 이내를 권장합니다.'),
    }),
    defineField({
      name: 'description',
      title: '설명',
      description: '네이버·구글 검색 결과와 카카오톡 미리보기에 표시됩니다.',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.max(160).warning('설명은 160자 이내를 권장합니다.'),
    }),
    defineField({
      name: 'ogImage',
      title: '공유 이미지',
      description: '1200×630 픽셀. 카카오톡은 가운데 2:1 영역만 보여 주므로 중요한 내용은 가운데에 두세요.',
      type: 'imageWithAlt',
    }),
    defineField({
      name: 'noIndex',
      title: '검색엔진에서 제외',
      description: '켜면 검색 결과에 이 페이지가 나오지 않습니다.',
      type: 'boolean',
      initialValue: false,
    }),
  ],
  preview: {
    select: { title: 'title', description: 'description', media: 'ogImage' },
    prepare: ({ title, description, media }) => ({
      title: title || '제목 없음 (기본값 사용)',
      subtitle: description,
      media,
    }),
  },
});
