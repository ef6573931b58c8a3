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
      name: 'alt',
      title: '대체 텍스트',
      description: '화면을 볼 수 없는 방문자와 검색엔진을 위해 이미지 내용을 한 문장으로 설명해 주세요.',
      type: 'string',
      validation: (rule) => rule.required().error('대체 텍스트를 입력해 주세요.'),
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
    select: { alt: 'alt', caption: 'caption', asset: 'asset' },
    prepare: ({ alt, caption, asset }) => ({
      title: alt || '대체 텍스트 없음',
      subtitle: caption,
      media: asset,
    }),
  },
});
