import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep the client bundle away from server code, checked on imports written
// the way a newcomer would write them, so a loosened pattern fails here and not in review.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['web/app/routes/example.tsx', "import { LeadService } from '../../server/leads/service';"],
    ['web/app/components/leads/Example.tsx', "import type { LeadNotice } from '../../../server/leads/service';"],
    ['web/app/root-example.tsx', "import { app } from '../server/app';"],
  ])('web/app may not import the server: %s', async (file, source) => {
    expect(await restrictedImportErrors(file, `${source}\nexport const used = 1;\n`)).toEqual([expect.stringContaining('web/server')]);
  });

  it.each([
    ['web/shared/example.ts', "import { app } from '../server/app';"],
    ['web/shared/example.ts', "import { useSiteData } from '../app/lib/site-data';"],
    ['web/shared/example.ts', "import { createHash } from 'node:crypto';"],
  ])('web/shared depends on neither side nor on Node: %s', async (file, source) => {
    expect(await restrictedImportErrors(file, `${source}\nexport const used = 1;\n`)).toHaveLength(1);
  });

  it('the content layer may not import leads', async () => {
    const errors = await restrictedImportErrors('web/server/content/example.ts', "import { demoVisitSlots } from '../leads/demo-slots';\n");
    expect(errors).toEqual([expect.stringContaining('leads')]);
  });

  it.each([
    ['web/server/measurement/example.ts', "import { ViewGate } from '../press/view-gate';"],
    ['web/server/measurement/example.ts', "import { RateLimiter } from '../leads/rate-limit';"],
    ['web/server/leads/example.ts', "import type { LeadConsole } from '../console/types';"],
    ['web/server/press/nested/example.ts', "import { PageViewStats } from '../../measurement/page-views';"],
  ])('a feature folder may not import another feature: %s %s', async (file, source) => {
    expect(await restrictedImportErrors(file, `${source}\nexport const used = 1;\n`)).toEqual([expect.stringContaining('다른 기능 폴더')]);
  });

  it.each([
    ['web/server/http/example.ts', "import { LeadService } from '../leads/service';"],
    ['web/server/auth/example.ts', "import type { LeadConsole } from '../console/types';"],
    ['web/server/audit/example.ts', "import { PressService } from '../press/service';"],
    ['web/server/example.ts', "import { VIEWS_DOCUMENT_TYPE } from './press/view-counter';"],
    ['web/server/messages/example.ts', "import type { LeadNotifier } from '../leads/notifier';"],
    ['web/server/customers/example.ts', "import type { LeadConsole } from '../console/types';"],
    ['web/server/postgres/example.ts', "import { PressService } from '../press/service';"],
  ])('a shared server module may not import a feature: %s %s', async (file, source) => {
    expect(await restrictedImportErrors(file, `${source}\nexport const used = 1;\n`)).toEqual([expect.stringContaining('공유 서버 모듈')]);
  });

  it('allows what the boundary is for', async () => {
    expect(
      await restrictedImportErrors(
        'web/app/routes/example.tsx',
        "import { leadMessages } from '../../shared/messages';\nimport { renderToString } from 'react-dom/server';\n",
      ),
    ).toEqual([]);
    expect(await restrictedImportErrors('web/server/leads/example.ts', "import { validateLead } from '../../shared/lead-validation';\n")).toEqual([]);
    expect(
      await restrictedImportErrors(
        'web/server/measurement/example.ts',
        "import { ViewGate } from '../http/view-gate';\nimport type { AuditTrail } from '../audit/trail';\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors('web/server/app.ts', "import { LeadService } from './leads/service';\nimport { PressService } from './press/service';\n"),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        'web/server/app/services.ts',
        "import { LeadService } from '../leads/service';\nimport { PressService } from '../press/service';\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        'web/server/console/example.ts',
        "import { listCustomers } from '../customers/customer-list';\nimport type { LeadNotifier } from '../messages/lead-notification';\n",
      ),
    ).toEqual([]);
  });
});
