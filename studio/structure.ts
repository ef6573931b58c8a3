import { ClipboardIcon, CogIcon, HomeIcon } from '@sanity/icons';
import type { ComponentType } from 'react';
import type { DocumentActionsResolver, NewDocumentOptionsResolver } from 'sanity';
import type { StructureBuilder, StructureResolver } from 'sanity/structure';

import { leadTypeNames, serverWrittenTypeNames, singletonTypeNames } from '../schemas';

const singletonTypes = new Set<string>(singletonTypeNames);

/** Types an editor must not create from the content workspace's "new document" menu. */
const uncreatableContentTypes = new Set<string>([...singletonTypeNames, ...leadTypeNames, ...serverWrittenTypeNames]);

const serverWrittenTypes = new Set<string>(serverWrittenTypeNames);

/**
 * A singleton may be edited, published, reverted and restored from history, but never created a
 * second time, deleted, duplicated or unpublished (the site needs it to exist).
 */
export const SINGLETON_ACTIONS: ReadonlySet<string> = new Set(['publish', 'discardChanges', 'restore']);

export const resolveContentDocumentActions: DocumentActionsResolver = (previous, { schemaType }) => {
  if (serverWrittenTypes.has(schemaType)) return [];
  return singletonTypes.has(schemaType)
    ? previous.filter(({ action }) => action !== undefined && SINGLETON_ACTIONS.has(action))
    : previous;
};

export const resolveContentNewDocumentOptions: NewDocumentOptionsResolver = (previous) =>
  previous.filter(({ templateId }) => !uncreatableContentTypes.has(templateId));

/**
 * Leads are written by the site's server only; the Studio shows them and changes nothing. Visit
 * slots are the staff's to create, edit and delete (their booked count is read-only).
 */
export const resolveLeadDocumentActions: DocumentActionsResolver = (previous, { schemaType }) =>
  schemaType === 'visitSlot' ? previous : [];

export const resolveLeadNewDocumentOptions: NewDocumentOptionsResolver = (previous) =>
  previous.filter(({ templateId }) => templateId === 'visitSlot');

function singletonItem(S: StructureBuilder, typeName: string, title: string, icon: ComponentType) {
  return S.listItem()
    .id(typeName)
    .title(title)
    .icon(icon)
    .child(S.document().schemaType(typeName).documentId(typeName).title(title));
}

function orderedList(
  S: StructureBuilder,
  typeName: string,
  title: string,
  field: string,
  direction: 'asc' | 'desc' = 'asc',
) {
  return S.documentTypeListItem(typeName)
    .title(title)
    .child(S.documentTypeList(typeName).title(title).defaultOrdering([{ field, direction }]));
}

export const contentStructure: StructureResolver = (S) =>
  S.list()
    .id('content')
    .title('콘텐츠')
    .items([
      singletonItem(S, 'siteSettings', '사이트 설정', CogIcon),
      singletonItem(S, 'homePage', '홈페이지', HomeIcon),
      singletonItem(S, 'leadSettings', '관심고객 등록 설정', ClipboardIcon),
      S.divider(),
      orderedList(S, 'page', '페이지', 'path'),
      orderedList(S, 'pressArticle', '언론보도', 'date', 'desc'),
      orderedList(S, 'pressViews', '언론보도 조회수', 'count', 'desc'),
      S.divider(),
      orderedList(S, 'overviewRow', '사업개요 항목', 'order'),
      orderedList(S, 'unitType', '주택형', 'order'),
      orderedList(S, 'premiumSlide', '프리미엄 슬라이드', 'order'),
      orderedList(S, 'premiumCard', '프리미엄 카드', 'order'),
      orderedList(S, 'locationCard', '입지 카드', 'order'),
      orderedList(S, 'videoTab', '영상 탭', 'order'),
    ]);

export const leadStructure: StructureResolver = (S) =>
  S.list()
    .id('leads')
    .title('관심고객')
    .items([
      S.documentTypeListItem('lead')
        .title('관심고객 (최근 등록순)')
        .child(
          S.documentTypeList('lead')
            .title('관심고객')
            .initialValueTemplates([])
            .defaultOrdering([{ field: 'createdAt', direction: 'desc' }]),
        ),
      S.documentTypeListItem('visitSlot')
        .title('모델하우스 방문 일정')
        .child(
          S.documentTypeList('visitSlot')
            .title('모델하우스 방문 일정')
            .defaultOrdering([
              { field: 'date', direction: 'asc' },
              { field: 'time', direction: 'asc' },
            ]),
        ),
    ]);
