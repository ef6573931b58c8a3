import { TextIcon } from '@sanity/icons';
import { visionTool } from '@sanity/vision';
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';

import { schemaTypes } from '../schemas';
import { dataset, projectId } from './env';
import { previewResolve, previewUrl } from './presentation';
import { contentStructure, resolveContentDocumentActions, resolveContentNewDocumentOptions } from './structure';

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
        previewUrl,
        resolve: previewResolve,
      }),
      visionTool(),
    ],
    document: {
      actions: resolveContentDocumentActions,
      newDocumentOptions: resolveContentNewDocumentOptions,
    },
  },
]);
