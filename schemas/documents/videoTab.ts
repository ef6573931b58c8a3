import { PlayIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';
import type { ValidationContext } from 'sanity';

import { orderField } from '../fields';
import { YOUTUBE_ID_MESSAGE, YOUTUBE_ID_PATTERN } from '../rules';

const TAB_KEY_PATTERN = /^[a-z0-9-]+$/;

/** A published video needs its summary: the text is what visitors who cannot watch it read. */
export function validateVideoSummary(summary: string | undefined, context: ValidationContext): true | string {
  const hasVideo = Boolean((context.document as { videoId?: string } | undefined)?.videoId);
  return !hasVideo || summary?.trim() ? true : '영상을 넣은 탭은 영상 내용 요약을 입력해 주세요.';
}

export const videoTab = defineType({
  name: 'videoTab',
  title: '영상 탭',
  type: 'document',
  icon: PlayIcon,
  fields: [
    orderField(),
    defineField({
      name: 'key',
      title: '탭 식별자',
      description: '영문 소문자. 예: location, type59, type84',
      type: 'string',
      validation: (rule) => [
        rule.required().error('탭 식별자를 입력해 주세요.'),
        rule.regex(TAB_KEY_PATTERN).error('영문 소문자, 숫자, 하이픈(-)만 쓸 수 있습니다.'),
      ],
    }),
    defineField({
      name: 'title',
      title: '탭 이름',
      type: 'string',
      validation: (rule) => rule.required().error('탭 이름을 입력해 주세요.'),
    }),
    defineField({
      name: 'videoId',
      title: '유튜브 영상 ID',
      description: '유튜브 주소의 v= 뒤 11자입니다. 비워 두면 영상 대신 준비 중 안내가 표시됩니다.',
      type: 'string',
      validation: (rule) => rule.regex(YOUTUBE_ID_PATTERN).error(YOUTUBE_ID_MESSAGE),
    }),
    defineField({
      name: 'summary',
      title: '영상 내용 요약',
      description:
        '영상을 볼 수 없거나 소리를 들을 수 없는 방문자를 위해 영상에서 보여 주고 말하는 내용을 글로 적어 주세요. 영상 아래에 표시됩니다. 문단은 빈 줄로 나눕니다.',
      type: 'text',
      rows: 6,
      validation: (rule) => rule.custom(validateVideoSummary),
    }),
  ],
  orderings: [{ title: '정렬 순서', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'title', videoId: 'videoId' },
    prepare: ({ title, videoId }) => ({
      title: title || '이름 없는 탭',
      subtitle: videoId ? `유튜브 ${videoId}` : '영상 없음',
    }),
  },
});
