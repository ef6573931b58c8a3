/**
 * The Studio's configuration for the Sanity version installed: the Presentation tool's
 * `previewUrl` uses no option the installed `sanity` marks deprecated, the Studio's queries use an
 * API version that sees release versions, and `sanity deploy` gets its application id (or, before
 * the first deploy, its hostname) from the environment instead of prompting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STUDIO_API_VERSION } from '../../schemas/rules';

/** The names of an interface's members marked `@deprecated` in a type declaration text. */
function deprecatedMembers(declarations: string, name: string): string[] {
  const body = new RegExp(`interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(declarations)?.[1];
  if (!body) throw new Error(`interface ${name} not found`);
  return [...body.matchAll(/@deprecated[^]*?\*\/\s*(\w+)\??:/g)].map((match) => match[1]);
}

function installedPresentationTypes(): string {
  const folder = path.join(path.dirname(createRequire(import.meta.url).resolve('sanity/package.json')), 'lib/_chunks-dts');
  const file = readdirSync(folder).find(
    (name) => name.endsWith('.d.ts') && readFileSync(path.join(folder, name), 'utf8').includes('interface PreviewUrlResolverOptions {'),
  );
  if (!file) throw new Error('the installed sanity declares no PreviewUrlResolverOptions');
  return readFileSync(path.join(folder, file), 'utf8');
}

// The files of a worker share loaded modules: another file may have imported the Studio's modules
// with other variables, so each test reads them anew with its own.
beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the Studio configuration', () => {
  it('gives the Presentation tool no option the installed sanity marks deprecated', async () => {
    const types = installedPresentationTypes();
    const deprecatedOptions = deprecatedMembers(types, 'PreviewUrlResolverOptions');
    const deprecatedModeOptions = deprecatedMembers(types, 'PreviewUrlPreviewMode');
    expect(deprecatedOptions).toEqual(expect.arrayContaining(['origin', 'preview', 'draftMode']));
    vi.stubEnv('SANITY_STUDIO_PREVIEW_ORIGIN', 'https://www.example.kr');
    const { previewUrl } = await import('../../studio/presentation');
    expect(Object.keys(previewUrl).filter((key) => deprecatedOptions.includes(key))).toEqual([]);
    expect(Object.keys(previewUrl.previewMode).filter((key) => deprecatedModeOptions.includes(key))).toEqual([]);
    expect(previewUrl).toEqual({ initial: 'https://www.example.kr/', previewMode: { enable: '/api/preview/enable' } });
  });

  it('queries with an API version from 2025-02-19 on, so release versions are seen', () => {
    expect(STUDIO_API_VERSION >= '2025-02-19').toBe(true);
  });

  it('deploys with the application id from the environment, or before the first deploy with the hostname', async () => {
    vi.stubEnv('SANITY_STUDIO_APP_ID', 'app-id-from-the-first-deploy');
    vi.stubEnv('SANITY_STUDIO_HOSTNAME', 'cheonghak');
    const withId = (await import('../../studio/sanity.cli')).default;
    expect(withId.deployment).toEqual({ appId: 'app-id-from-the-first-deploy', autoUpdates: false });
    expect(withId.studioHost).toBeUndefined();

    vi.resetModules();
    vi.stubEnv('SANITY_STUDIO_APP_ID', '');
    const first = (await import('../../studio/sanity.cli')).default;
    expect(first.deployment?.appId).toBeUndefined();
    expect(first.studioHost).toBe('cheonghak');
  });
});
