/**
 * The schema types and the Studio configuration: every type is presentable to editors (Korean
 * title, icon, preview), validation speaks Korean, and the singletons cannot be deleted,
 * duplicated or created twice.
 */
import { evaluate, parse } from 'groq-js';
import { createSchema, validateDocument } from 'sanity';
import type {
  DocumentActionComponent,
  DocumentActionsContext,
  NewDocumentCreationContext,
  SanityClient,
  TemplateItem,
  ValidationContext,
  Workspace,
  WorkspaceOptions,
} from 'sanity';
import { createStructureBuilder } from 'sanity/structure';
import type { StructureResolverContext } from 'sanity/structure';
import { describe, expect, it } from 'vitest';
import { PressViewCount } from '../../schemas/components/PressViewCount';

import { validatePagePathFormat, validatePagePathUnique } from '../../schemas/documents/page';
import { pressArticle } from '../../schemas/documents/pressArticle';
import { validatePlanDescription, validateVrDescription } from '../../schemas/documents/unitType';
import { validateVideoSummary } from '../../schemas/documents/videoTab';
import { contentDocumentTypes, schemaTypes, singletonTypeNames } from '../../schemas';
import { validateHref, validatePublicPhone } from '../../schemas/rules';
import { findRepeatedMenuPath } from '../../schemas/singletons/siteSettings';
import studioConfig from '../../studio/sanity.config';
import { contentStructure, resolveContentDocumentActions, resolveContentNewDocumentOptions } from '../../studio/structure';

const HANGUL = /[가-힣]/;

const schema = createSchema({ name: 'test', types: schemaTypes });

/** Only the fields of the type definitions that these tests read. */
type TypeDefinition = { name: string; type: string; title?: string; icon?: unknown; preview?: unknown };
const definitions = schemaTypes as TypeDefinition[];

/** Documents known to a validator's client, queried with groq-js like the real dataset. */
function clientOver(documents: Array<Record<string, unknown>>): SanityClient {
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) => (await evaluate(parse(query, { params }), { dataset: documents, params })).get(),
    withConfig: () => client,
  };
  return client as unknown as SanityClient;
}

/** Stand-ins for the Studio's built-in actions; only their `action` names matter to the resolvers. */
const BUILT_IN_ACTION_NAMES = ['publish', 'unpublish', 'delete', 'duplicate', 'discardChanges', 'restore'] as const;
const builtInActions = BUILT_IN_ACTION_NAMES.map((name) => Object.assign(() => null, { action: name })) as unknown as DocumentActionComponent[];

const actionsContext = (schemaType: string) => ({ schemaType, documentId: schemaType }) as unknown as DocumentActionsContext;

const actionNames = (actions: DocumentActionComponent[]) => actions.map(({ action }) => action);

describe('schema types', () => {
  it('compile without schema errors', () => {
    const problems = (schema._validation ?? []).flatMap(({ problems: found }) => found);
    expect(problems.filter(({ severity }) => severity === 'error')).toEqual([]);
  });

  it('include every type of docs/content-model.md', () => {
    expect(definitions.map(({ name }) => name).sort()).toEqual(
      [
        'imageWithAlt',
        'seo',
        'link',
        'menuGroup',
        'pageSection',
        'blockContent',
        'householdFacts',
        'infoTable',
        'siteSettings',
        'homePage',
        'leadSettings',
        'page',
        'unitType',
        'premiumSlide',
        'premiumCard',
        'locationCard',
        'overviewRow',
        'videoTab',
        'pressArticle',
        'groupMessageTemplate',
      ].sort(),
    );
  });

  it.each(definitions.map((definition) => [definition.name, definition] as const))('%s has a Korean title and an icon', (_name, definition) => {
    expect(definition.title).toMatch(HANGUL);
    expect(definition.icon).toBeTruthy();
  });

  it('give every type a preview, except arrays, which Sanity cannot preview', () => {
    const withoutPreview = definitions.filter(({ preview }) => !preview);
    expect(withoutPreview.map(({ name, type }) => [name, type])).toEqual([['blockContent', 'array']]);
  });

  it.each(contentDocumentTypes.map(({ name }) => name))('an empty %s document fails validation with Korean messages only', async (typeName) => {
    const markers = await validateDocument({
      document: { _id: `test-${typeName}`, _type: typeName, _createdAt: '', _updatedAt: '', _rev: '' },
      workspace: { schema } as unknown as Workspace,
      getClient: () => clientOver([]),
      getDocumentExists: async () => false,
      environment: 'studio',
    });
    expect(markers.some(({ level }) => level === 'error')).toBe(true);
    for (const { message } of markers) expect(message).toMatch(HANGUL);
  });

  it('refuse a message template with an unknown variable, or switched on without its code and text, in Korean', async () => {
    const validate = async (messageTemplates: Record<string, unknown>) =>
      (
        await validateDocument({
          document: {
            _id: 'leadSettings',
            _type: 'leadSettings',
            _createdAt: '',
            _updatedAt: '',
            _rev: '',
            consentVersion: '2026-11',
            privacyPurpose: '목적',
            privacyItems: '항목',
            privacyRetention: '기간',
            privacyRefusal: '거부',
            marketingNotice: '마케팅',
            retentionDays: 365,
            messageTemplates,
          },
          workspace: { schema } as unknown as Workspace,
          getClient: () => clientOver([]),
          getDocumentExists: async () => false,
          environment: 'studio',
        })
      ).map(({ message, path }) => [path.join('.'), message]);
    expect(await validate({ registration: { enabled: true, templateCode: 'KA01TP1', text: '#{이름}님, 문의 #{대표번호}' } })).toEqual([]);
    expect(await validate({ booking: { enabled: false, text: '#{이름}님 #{전화번호}' } })).toEqual([
      ['messageTemplates.booking.text', expect.stringContaining('쓸 수 없는 변수입니다: #{전화번호}')],
    ]);
    expect(await validate({ reminder: { enabled: true } })).toEqual([
      ['messageTemplates.reminder.templateCode', '보내려면 알림톡 템플릿 코드를 입력해 주세요.'],
      ['messageTemplates.reminder.text', '보내려면 문구를 입력해 주세요.'],
    ]);
  });

  it('refuse a group message template that breaks the rules for ads, or a notice without its 알림톡 code, in Korean', async () => {
    const validate = async (fields: Record<string, unknown>) =>
      (
        await validateDocument({
          document: { _id: 'group-test', _type: 'groupMessageTemplate', _createdAt: '', _updatedAt: '', _rev: '', title: '분양 소식', ...fields },
          workspace: { schema } as unknown as Workspace,
          getClient: () => clientOver([]),
          getDocumentExists: async () => false,
          environment: 'studio',
        })
      ).map(({ message, path }) => [path.join('.'), message]);
    expect(await validate({ purpose: 'ad', text: '(광고) 청학 분양홍보관\n#{이름}님, 설명회에 초대합니다.\n무료수신거부 080-123-4567' })).toEqual([]);
    expect(await validate({ purpose: 'ad', text: '#{이름}님, 설명회에 초대합니다.' })).toEqual([
      [
        'text',
        '광고 문자는 "(광고)"로 시작하고 바로 뒤에 보내는 사람(사업자명)을 적어야 합니다. 광고 문자에는 무료 수신거부 방법을 적어야 합니다 (예: 무료수신거부 080-123-4567).',
      ],
    ]);
    expect(await validate({ purpose: 'notice', text: '#{이름}님, #{전화번호}' })).toEqual([
      ['templateCode', '안내 템플릿에는 알림톡 템플릿 코드를 입력해 주세요.'],
      ['text', expect.stringContaining('쓸 수 없는 변수입니다: #{전화번호}')],
    ]);
  });

  it('keep the press view count read-only (the site counts it), and date new articles now', () => {
    const fields = pressArticle.fields as Array<{ name: string; readOnly?: unknown; initialValue?: unknown; components?: { input?: unknown } }>;
    // The article's 조회수 is read-only and shows the site's count; nothing stores views in the dataset.
    const views = fields.find(({ name }) => name === 'views');
    expect(views?.readOnly).toBe(true);
    expect(views?.components?.input).toBe(PressViewCount);
    const date = fields.find(({ name }) => name === 'date');
    const initialDate = (date?.initialValue as () => string)();
    expect(Math.abs(Date.parse(initialDate) - Date.now())).toBeLessThan(5_000);
  });
});

describe('field rules', () => {
  it('accept Korean representative, landline and mobile numbers for the public phone', () => {
    for (const phone of ['1600-0000', '1588-1234', '032-123-4567', '02-1234-5678', '010-1234-5678']) {
      expect(validatePublicPhone(phone), phone).toBe(true);
    }
    for (const phone of ['16000000', '1600', '+82 10 1234 5678', '010 1234 5678', 'phone']) {
      expect(validatePublicPhone(phone), phone).toMatch(HANGUL);
    }
  });

  it('accept internal paths and https addresses as links', () => {
    for (const href of ['/', '/Brand/intro', '/#interestForm', 'https://www.applyhome.co.kr', 'https://a.example/x?y=1']) {
      expect(validateHref(href), href).toBe(true);
    }
    for (const href of ['Brand/intro', '//evil.example', 'http://a.example', 'javascript:alert(1)', 'https://']) {
      expect(validateHref(href), href).toMatch(HANGUL);
    }
  });

  it('require page paths to start with / and end without one', () => {
    for (const path of ['/', '/BusinessGuide/intro', '/FloorPlan/114A']) expect(validatePagePathFormat(path), path).toBe(true);
    expect(validatePagePathFormat('BusinessGuide/intro')).toMatch(/\/ 로 시작/);
    for (const path of ['/BusinessGuide/', '/a b', '/a?b', '//a']) expect(validatePagePathFormat(path), path).toMatch(HANGUL);
  });

  it('reject a page path used by another page, but not by a draft or release of the same page', async () => {
    const pages = [
      { _id: 'page-intro', _type: 'page', path: '/BusinessGuide/intro' },
      { _id: 'drafts.page-intro', _type: 'page', path: '/BusinessGuide/intro' },
      { _id: 'versions.rSpring.page-intro', _type: 'page', path: '/BusinessGuide/intro' },
      { _id: 'page-plan', _type: 'page', path: '/BusinessGuide/plan' },
    ];
    const contextFor = (id: string) => ({ document: { _id: id, _type: 'page' }, getClient: () => clientOver(pages) }) as unknown as ValidationContext;
    expect(await validatePagePathUnique('/BusinessGuide/intro', contextFor('drafts.page-intro'))).toBe(true);
    expect(await validatePagePathUnique('/BusinessGuide/intro', contextFor('page-intro'))).toBe(true);
    expect(await validatePagePathUnique('/BusinessGuide/intro', contextFor('drafts.page-plan'))).toMatch(/이미 다른 페이지/);
    expect(await validatePagePathUnique('/BusinessGuide/new', contextFor('page-new'))).toBe(true);
  });

  it('require a floor plan description that names the rooms with counts and the balcony, belonging to one type only', async () => {
    const description59A =
      '전용 59㎡A 평면도: 침실 3개, 욕실 1개의 3베이 구조. 그림 위쪽 전면 전체에 발코니가 있고, 그 안쪽으로 침실, 거실, 침실이 나란히 발코니를 향합니다.';
    const unitTypes = [
      { _id: 'unitType-59A', _type: 'unitType', planDescription: description59A },
      { _id: 'drafts.unitType-59A', _type: 'unitType', planDescription: description59A },
    ];
    const withPlan = (id: string) =>
      ({
        document: { _id: id, _type: 'unitType', plan: { asset: { _ref: 'image-1' } } },
        getClient: () => clientOver(unitTypes),
      }) as unknown as ValidationContext;
    const withoutPlan = { document: { _id: 'unitType-new', _type: 'unitType' }, getClient: () => clientOver(unitTypes) } as unknown as ValidationContext;

    expect(await validatePlanDescription(description59A, withPlan('drafts.unitType-59A'))).toBe(true);
    expect(await validatePlanDescription(undefined, withoutPlan)).toBe(true);
    expect(await validatePlanDescription(undefined, withPlan('unitType-59B'))).toMatch(/평면 설명을 입력/);
    // The old one-size-fits-all text: no counts, too short.
    expect(await validatePlanDescription('전용 59㎡B 평면 일러스트: 거실, 침실, 주방, 욕실과 발코니 배치', withPlan('unitType-59B'))).toMatch(/자 이상/);
    expect(
      await validatePlanDescription(`${description59A.replace('침실 3개, 욕실 1개', '방 여러 개')} 넓은 거실이 있습니다.`, withPlan('unitType-59B')),
    ).toMatch(/침실 3개, 욕실 1개/);
    expect(await validatePlanDescription(description59A.replaceAll('발코니', '창'), withPlan('unitType-59B'))).toMatch(/발코니/);
    expect(await validatePlanDescription(description59A, withPlan('unitType-59B'))).toMatch(/다른 주택형과 같은 설명/);
  });

  it('require a text description of a VR tour and a summary of a video', () => {
    const context = (document: Record<string, unknown>) => ({ document: { _id: 'x', _type: 't', ...document } }) as unknown as ValidationContext;
    expect(validateVrDescription(undefined, context({}))).toBe(true);
    expect(validateVrDescription(' ', context({ vrTourUrl: 'https://vr.example/59A' }))).toMatch(HANGUL);
    expect(validateVrDescription('거실과 침실을 둘러봅니다.', context({ vrTourUrl: 'https://vr.example/59A' }))).toBe(true);
    expect(validateVideoSummary(undefined, context({}))).toBe(true);
    expect(validateVideoSummary(undefined, context({ videoId: 'abcdefghijk' }))).toMatch(HANGUL);
    expect(validateVideoSummary('단지 주변을 보여 줍니다.', context({ videoId: 'abcdefghijk' }))).toBe(true);
  });

  it('let a decorative image go without alt text, but no other image', async () => {
    const markersFor = async (image: Record<string, unknown>) =>
      validateDocument({
        document: {
          _id: 'premiumCard-x',
          _type: 'premiumCard',
          order: 1,
          label: 'PREMIUM 09',
          title: '카드',
          image: { _type: 'imageWithAlt', asset: { _type: 'reference', _ref: 'image-0000000000000000000000000000000000000000-16x9-webp' }, ...image },
        } as never,
        workspace: { schema } as unknown as Workspace,
        getClient: () => clientOver([]),
        getDocumentExists: async () => true,
        environment: 'cli',
      });
    expect(await markersFor({ decorative: true })).toEqual([]);
    expect(await markersFor({})).toContainEqual(expect.objectContaining({ path: ['image', 'alt'], message: '대체 텍스트를 입력해 주세요.' }));
  });

  it('find a path repeated anywhere in the menu', () => {
    expect(findRepeatedMenuPath([{ items: [{ href: '/a' }, { href: '/b' }] }, { items: [{ href: '/c' }] }])).toBeUndefined();
    expect(findRepeatedMenuPath([{ items: [{ href: '/a' }] }, { items: [{ href: '/b' }, { href: '/a' }] }])).toBe('/a');
  });
});

describe('Studio', () => {
  const workspaces = studioConfig as unknown as WorkspaceOptions[];
  const contentWorkspace = workspaces.find(({ name }) => name === 'content');

  it('has the content workspace only: leads are never in a Sanity dataset, so there is no leads workspace', () => {
    expect(workspaces.map(({ name }) => name)).toEqual(['content']);
    expect(contentWorkspace?.dataset).toBe(process.env.SANITY_STUDIO_DATASET || 'production');
    expect(contentWorkspace?.document?.actions).toBe(resolveContentDocumentActions);
    expect(contentWorkspace?.document?.newDocumentOptions).toBe(resolveContentNewDocumentOptions);
  });

  it.each(singletonTypeNames)('offers only publish, discard and restore on the %s singleton', (typeName) => {
    expect(actionNames(resolveContentDocumentActions(builtInActions, actionsContext(typeName)))).toEqual(['publish', 'discardChanges', 'restore']);
  });

  it('keeps every action on ordinary documents', () => {
    expect(actionNames(resolveContentDocumentActions(builtInActions, actionsContext('page')))).toEqual([...BUILT_IN_ACTION_NAMES]);
  });

  it('hides singletons from the "new document" menu', () => {
    const templates = ['siteSettings', 'homePage', 'leadSettings', 'page', 'pressArticle'].map(
      (templateId) => ({ templateId, id: templateId, type: 'initialValueTemplateItem' }) as unknown as TemplateItem,
    );
    const creationContext = { type: 'global' } as NewDocumentCreationContext;
    const offered = resolveContentNewDocumentOptions(templates, { creationContext } as never);
    expect(offered.map(({ templateId }) => templateId)).toEqual(['page', 'pressArticle']);
  });

  it('pins the singletons, by their fixed ids, above every other content type', () => {
    const source = {
      schema,
      i18n: { t: (key: string) => key },
      templates: [],
      document: { resolveNewDocumentOptions: () => [] },
      getClient: () => clientOver([]),
    };
    const S = createStructureBuilder({ source } as never);
    const root = contentStructure(S, { schema } as unknown as StructureResolverContext);
    const items = (root as { serialize: () => { items: Array<Record<string, unknown>> } }).serialize().items;
    const listed = items.filter(({ type }) => type === 'listItem');
    const singletonCount = singletonTypeNames.length;
    expect(listed.slice(0, singletonCount).map(({ id }) => id)).toEqual([...singletonTypeNames]);
    for (const singleton of listed.slice(0, singletonCount)) {
      const child = singleton.child as { type: string; options: { id: string; type: string } };
      expect(child.type).toBe('document');
      expect(child.options).toEqual({ id: singleton.id, type: singleton.id });
    }
    const otherTypes = contentDocumentTypes.map(({ name }) => name).filter((name) => !(singletonTypeNames as readonly string[]).includes(name));
    expect(
      listed
        .slice(singletonCount)
        .map(({ id }) => id)
        .sort(),
    ).toEqual(otherTypes.sort());
  });
});
