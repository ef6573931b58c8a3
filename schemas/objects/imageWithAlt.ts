import { ImageIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

import { IMAGE_DISCLAIMER } from '../rules';

export const imageWithAlt = defineType({
  name: 'imageWithAlt',
  title: '이미지',
  type: 'image',
  icon: ImageIcon,
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'decorative',
      title: '장식용 이미지',
      description: '카드 아이콘처럼 옆의 글이 같은 내용을 전하는 꾸밈 그림이면 켜 주세요. 화면 낭독기가 읽지 않으며(alt=""), 대체 텍스트는 쓰이지 않습니다.',
      type: 'boolean',
      initialValue: false,
    }),
    defineField({
      name: 'alt',
      title: '대체 텍스트',
      description: '화면을 볼 수 없는 방문자와 검색엔진을 위해 이미지 내용을 한 문장으로 설명해 주세요.',
      type: 'string',
      hidden: ({ parent }) => Boolean((parent as { decorative?: boolean } | undefined)?.decorative),
      validation: (rule) =>
        rule.custom((alt, context) =>
          alt?.trim() || (context.parent as { decorative?: boolean } | undefined)?.decorative ? true : '대체 텍스트를 입력해 주세요.',
        ),
    }),
    defineField({
      name: 'disclaimer',
      title: '이미지 고지 문구',
      description: `이미지 바로 아래에 표시됩니다. CG·지도·평면도에는 꼭 넣어 주세요. 예: ${IMAGE_DISCLAIMER}`,
      type: 'string',
    }),
    defineField({
      name: 'caption',
      title: '캡션',
      description: '이미지 설명이 필요할 때만 입력합니다.',
      type: 'string',
    }),
  ],
  preview: {
    select: { alt: 'alt', decorative: 'decorative', caption: 'caption', asset: 'asset' },
    prepare: ({ alt, decorative, caption, asset }) => ({
      title: decorative ? '장식용 이미지' : alt || '대체 텍스트 없음',
      subtitle: caption,
      media: asset,
    }),
  },
});
