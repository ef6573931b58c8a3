import { BarChartIcon } from '@sanity/icons';
import { defineField, defineType } from 'sanity';

const counter = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: 'number',
    initialValue: 0,
    validation: (rule) => rule.required().integer().min(0).error(`${title}는 0 이상의 정수입니다.`),
  });

const dimension = (name: string, title: string, description: string) => defineField({ name, title, description, type: 'string' });

/**
 * Page views of one day for one combination of page, referring site, campaign and device class:
 * counts only, nothing about any visitor. Written by the site's server in batches (`inc`), kept
 * in the private leads dataset beside the leads they are compared with.
 * `_id` is `pageViews-<day>-<hash of the combination>`.
 */
export const pageViewDay = defineType({
  name: 'pageViewDay',
  title: '방문 통계(일별)',
  type: 'document',
  icon: BarChartIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'day',
      title: '날짜',
      type: 'date',
      validation: (rule) => rule.required().error('날짜를 입력해 주세요.'),
    }),
    dimension('path', '페이지', '본 페이지의 경로. 하루 조합 수가 상한을 넘으면 "*"로 묶입니다.'),
    dimension('referrerHost', '유입 사이트', '방문을 시작한 페이지의 이전 사이트 호스트(검색·광고 등). 내부 이동은 비어 있습니다.'),
    dimension('utmSource', 'utm_source', '캠페인 출처'),
    dimension('utmMedium', 'utm_medium', '캠페인 매체'),
    dimension('utmCampaign', 'utm_campaign', '캠페인 이름'),
    defineField({
      name: 'device',
      title: '기기',
      type: 'string',
      options: { list: [{ title: '모바일', value: 'mobile' }, { title: '데스크톱', value: 'desktop' }] },
      validation: (rule) => rule.required().error('기기 구분을 입력해 주세요.'),
    }),
    counter('views', '페이지뷰', '이 조합으로 본 페이지 수'),
    counter('visits', '방문', '사이트에 처음 들어온 페이지(랜딩)로 본 수: 방문 수'),
    counter('visitors', '방문자', '그날 이 캠페인으로 처음 센 방문자 수(하루만 쓰는 무작위 값으로 구분, 저장하지 않음)'),
  ],
  preview: {
    select: { day: 'day', path: 'path', campaign: 'utmCampaign', views: 'views' },
    prepare: ({ day, path, campaign, views }) => ({
      title: `${day ?? ''} ${path ?? ''}`,
      subtitle: `${campaign ? `${campaign} · ` : ''}페이지뷰 ${views ?? 0}`,
    }),
  },
});
