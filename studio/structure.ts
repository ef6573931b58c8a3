import { ClipboardIcon, CogIcon, HomeIcon } from '@sanity/icons';
import type { ComponentType } from 'react';
import type { DocumentActionsResolver, NewDocumentOptionsResolver } from 'sanity';
import type { StructureBuilder, StructureResolver } from 'sanity/structure';

import { singletonTypeNames } from '../schemas';

const singletonTypes = new Set<string>(singletonTypeNames);

/** Types an editor must not create from the content workspace's "new document" menu. */
const uncreatableContentTypes = new Set<string>(singletonTypeNames);

/**
 * A singleton may be edited, published, reverted and restored from history, but never created a
 * second time, deleted, duplicated or unpublished (the site needs it to exist).
 */
export const SINGLETON_ACTIONS: ReadonlySet<string> = new Set(['publish', 'discardChanges', 'restore']);

export const resolveContentDocumentActions: DocumentActionsResolver = (previous, { schemaType }) => {
  return singletonTypes.has(schemaType) ? previous.filter(({ action }) => action !== undefined && SINGLETON_ACTIONS.has(action)) : previous;
};

export const resolveContentNewDocumentOptions: NewDocumentOptionsResolver = (previous) =>
  previous.filter(({ templateId }) => !uncreatableContentTypes.has(templateId));

function singletonItem(S: StructureBuilder, typeName: string, title: string, icon: ComponentType) {
  return S.listItem().id(typeName).title(title).icon(icon).child(S.document().schemaType(typeName).documentId(typeName).title(title));
}

function orderedList(S: StructureBuilder, typeName: string, title: string, field: string, direction: 'asc' | 'desc' = 'asc') {
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
      S.divider(),
      orderedList(S, 'overviewRow', '사업개요 항목', 'order'),
      orderedList(S, 'unitType', '주택형', 'order'),
      orderedList(S, 'premiumSlide', '프리미엄 슬라이드', 'order'),
      orderedList(S, 'premiumCard', '프리미엄 카드', 'order'),
      orderedList(S, 'locationCard', '입지 카드', 'order'),
      orderedList(S, 'videoTab', '영상 탭', 'order'),
      S.divider(),
      orderedList(S, 'groupMessageTemplate', '단체 문자 템플릿', 'title'),
    ]);
