import { TextIcon, UserIcon } from '@sanity/icons';
import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';

import { leadDocumentTypes, schemaTypes } from '../schemas';
import { dataset, leadsDataset, projectId } from './env';
import {
  contentStructure,
  leadStructure,
  resolveContentDocumentActions,
  resolveContentNewDocumentOptions,
  resolveLeadDocumentActions,
  resolveLeadNewDocumentOptions,
} from './structure';

export default defineConfig([
  {
    name: 'content',
    title: '청학 분양 홈페이지',
    subtitle: '콘텐츠',
    icon: TextIcon,
    basePath: '/content',
    projectId,
    dataset,
    schema: { types: schemaTypes },
    plugins: [structureTool({ title: '콘텐츠', structure: contentStructure }), visionTool()],
    document: {
      actions: resolveContentDocumentActions,
      newDocumentOptions: resolveContentNewDocumentOptions,
    },
  },
  {
    name: 'leads',
    title: '관심고객',
    subtitle: '비공개 데이터셋',
    icon: UserIcon,
    basePath: '/leads',
    projectId,
    dataset: leadsDataset,
    schema: { types: leadDocumentTypes },
    plugins: [structureTool({ title: '관심고객', structure: leadStructure })],
    document: {
      actions: resolveLeadDocumentActions,
      newDocumentOptions: resolveLeadNewDocumentOptions,
    },
  },
]);
