import { TextIcon, UserIcon } from '@sanity/icons';
import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';

import { leadDocumentTypes, schemaTypes } from '../schemas';
import { dataset, leadsDataset, previewOrigin, projectId } from './env';
import { previewResolve } from './presentation';
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
    plugins: [
      structureTool({ title: '콘텐츠', structure: contentStructure }),
      presentationTool({
        title: '미리보기',
        previewUrl: { origin: previewOrigin, preview: '/', previewMode: { enable: '/api/preview/enable', disable: '/api/preview/disable' } },
        resolve: previewResolve,
      }),
      visionTool(),
    ],
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
