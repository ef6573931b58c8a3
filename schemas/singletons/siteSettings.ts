import { CogIcon } from '@sanity/icons';
import { defineArrayMember, defineField, defineType } from 'sanity';

import { validateHref, validatePublicPhone } from '../rules';
import { TAG_PROVIDER_NAMES, TAG_PROVIDERS } from '../../web/shared/third-party-tags';

const PRESS_SLUG_PATTERN = /^[a-z0-9-]+$/;
const NAVER_VERIFICATION_PATTERN = /^[A-Za-z0-9_-]*$/;

type MenuValue = Array<{ items?: Array<{ href?: string }> }>;

/** Each page may appear in the navigation once; a repeated path is almost always a copy-paste slip. */
export function findRepeatedMenuPath(menu: MenuValue | undefined): string | undefined {
  const seen = new Set<string>();
  for (const group of menu ?? []) {
    for (const item of group.items ?? []) {
      if (!item.href) continue;
      if (seen.has(item.href)) return item.href;
      seen.add(item.href);
    }
  }
  return undefined;
}

export const siteSettings = defineType({
  name: 'siteSettings',
  title: '사이트 설정',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'general', title: '기본 정보', default: true },
    { name: 'navigation', title: '메뉴' },
    { name: 'footer', title: '푸터·배너' },
    { name: 'integrations', title: '검색·외부 서비스' },
  ],
  fields: [
    defineField({
      name: 'brandName',
      title: '단지명',
      type: 'string',
      group: 'general',
      validation: (rule) => rule.required().error('단지명을 입력해 주세요.'),
    }),
    defineField({
      name: 'builder',
      title: '시공사',
      type: 'string',
      group: 'general',
      validation: (rule) => rule.required().error('시공사 이름을 입력해 주세요.'),
    }),
    defineField({
      name: 'phone',
      title: '분양 상담 전화번호',
      description: '헤더, 푸터, 전화 상담 버튼에 모두 이 번호가 쓰입니다. 예: 1600-0000',
      type: 'string',
      group: 'general',
      validation: (rule) => [rule.required().error('상담 전화번호를 입력해 주세요.'), rule.custom(validatePublicPhone)],
    }),
    defineField({
      name: 'consultationHours',
      title: '상담 시간',
      type: 'string',
      group: 'general',
      initialValue: '24시간 상담 가능',
      validation: (rule) => rule.required().error('상담 시간을 입력해 주세요.'),
    }),
    defineField({
      name: 'address',
      title: '사업지 주소',
      type: 'string',
      group: 'general',
      validation: (rule) => rule.required().error('사업지 주소를 입력해 주세요.'),
    }),
    defineField({
      name: 'siteUrl',
      title: '사이트 주소',
      description: '검색엔진에 알려 줄 대표 주소(canonical)입니다. 끝에 / 없이 입력해 주세요.',
      type: 'url',
      group: 'general',
      validation: (rule) => [
        rule.required().error('사이트 주소를 입력해 주세요.'),
        rule.uri({ scheme: ['https'] }).error('https:// 로 시작하는 주소를 입력해 주세요.'),
        rule.custom((url: string | undefined) => (url?.endsWith('/') ? '주소 끝의 / 를 지워 주세요.' : true)),
      ],
    }),
    defineField({
      name: 'pressSiteSlug',
      title: '언론보도 사이트 식별자',
      description: '언론보도 주소(/cheonghak/press)에 쓰이는 영문 소문자 식별자입니다.',
      type: 'string',
      group: 'general',
      validation: (rule) => [
        rule.required().error('언론보도 사이트 식별자를 입력해 주세요.'),
        rule.regex(PRESS_SLUG_PATTERN).error('영문 소문자, 숫자, 하이픈(-)만 쓸 수 있습니다.'),
      ],
    }),
    defineField({
      name: 'facts',
      title: '단지 개요 수치',
      type: 'householdFacts',
      group: 'general',
      validation: (rule) => rule.required().error('단지 개요 수치를 입력해 주세요.'),
    }),
    defineField({
      name: 'menu',
      title: '사이트 메뉴',
      description: '상단 메뉴와 모바일 메뉴에 이 순서대로 표시됩니다.',
      type: 'array',
      group: 'navigation',
      of: [defineArrayMember({ type: 'menuGroup' })],
      validation: (rule) => [
        rule.required().min(1).error('메뉴 그룹을 하나 이상 추가해 주세요.'),
        rule.custom((menu: MenuValue | undefined) => {
          const repeated = findRepeatedMenuPath(menu);
          return repeated ? `같은 경로가 메뉴에 두 번 있습니다: ${repeated}` : true;
        }),
      ],
    }),
    defineField({
      name: 'copyrightYear',
      title: '저작권 연도',
      type: 'number',
      group: 'footer',
      validation: (rule) => [
        rule.required().error('저작권 연도를 입력해 주세요.'),
        rule.integer().min(2000).max(2100).error('네 자리 연도로 입력해 주세요. 예: 2025'),
      ],
    }),
    defineField({
      name: 'footerDisclaimer',
      title: '푸터 고지 문구',
      type: 'text',
      rows: 4,
      group: 'footer',
      validation: (rule) => rule.required().error('푸터 고지 문구를 입력해 주세요.'),
    }),
    defineField({
      name: 'familySites',
      title: '패밀리 사이트',
      type: 'array',
      group: 'footer',
      of: [defineArrayMember({ type: 'link' })],
    }),
    defineField({
      name: 'promoBanner',
      title: '상단 띠 배너',
      description: '헤더 위에 흐르는 홍보 문구입니다. 문구를 비우면 배너가 숨겨집니다.',
      type: 'object',
      group: 'footer',
      fields: [
        defineField({ name: 'text', title: '문구', type: 'string' }),
        defineField({
          name: 'href',
          title: '연결 주소',
          type: 'string',
          validation: (rule) => rule.custom(validateHref),
        }),
      ],
    }),
    defineField({
      name: 'naverSiteVerification',
      title: '네이버 사이트 인증 코드',
      description: '네이버 서치어드바이저의 HTML 태그 인증 content 값만 붙여 넣으세요.',
      type: 'string',
      group: 'integrations',
      validation: (rule) => rule.regex(NAVER_VERIFICATION_PATTERN).error('인증 코드에는 영문, 숫자, -, _ 만 들어갑니다.'),
    }),
    defineField({
      name: 'tags',
      title: '광고·분석 태그',
      description:
        '광고 플랫폼의 측정 태그입니다. 비워 두면 외부로 나가는 요청이 전혀 없습니다. 넣은 태그는 화면이 뜬 뒤에 불러오고, 관심고객 등록 때 개인정보 없이 전환만 알립니다. 켠 태그는 개인정보처리방침에 자동으로 표시됩니다.',
      type: 'object',
      group: 'integrations',
      options: { collapsible: true, collapsed: false },
      fields: TAG_PROVIDER_NAMES.map((provider) =>
        defineField({
          name: provider,
          title: `${TAG_PROVIDERS[provider].name} ID`,
          description: `예: ${TAG_PROVIDERS[provider].idExample}`,
          type: 'string',
          validation: (rule) =>
            rule.regex(TAG_PROVIDERS[provider].idPattern).error(`${TAG_PROVIDERS[provider].name} ID 형식이 아닙니다. 예: ${TAG_PROVIDERS[provider].idExample}`),
        }),
      ),
    }),
    defineField({
      name: 'kakaoChannelUrl',
      title: '카카오톡 채널 주소',
      type: 'url',
      group: 'integrations',
      validation: (rule) => rule.uri({ scheme: ['https'] }).error('https:// 로 시작하는 주소를 입력해 주세요.'),
    }),
    defineField({
      name: 'applyHomeUrl',
      title: '청약홈 주소',
      type: 'url',
      group: 'integrations',
      initialValue: 'https://www.applyhome.co.kr',
      validation: (rule) => rule.uri({ scheme: ['https'] }).error('https:// 로 시작하는 주소를 입력해 주세요.'),
    }),
    defineField({
      name: 'ogImage',
      title: '기본 공유 이미지',
      description: '1200×630 픽셀. 페이지별 공유 이미지가 없을 때 쓰입니다.',
      type: 'imageWithAlt',
      group: 'integrations',
    }),
    defineField({
      name: 'defaultSeo',
      title: '기본 검색·공유 설정',
      type: 'seo',
      group: 'integrations',
    }),
  ],
  preview: {
    select: { brandName: 'brandName', phone: 'phone' },
    prepare: ({ brandName, phone }) => ({
      title: '사이트 설정',
      subtitle: [brandName, phone].filter(Boolean).join(' · '),
    }),
  },
});
