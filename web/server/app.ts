/**
 * The Node app: API routes and the React Router request handler, in one Express app that
 * server.js mounts (the shape of React Router's node-custom-server template). Importing this
 * module (the server build) starts nothing: `createApp` opens the stores and starts the timers,
 * `shutdown` closes them.
 */
import 'react-router';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { StaffAuth } from './auth/staff-auth';
import { createSessionRouter } from './auth/session-routes';
import type { StaffAccounts } from './auth/staff-accounts';
import { startDailyAuditPurge } from './audit/index';
import { openStaffServices } from './auth/staff-services';
import { roundRobinAssigner } from './console/round-robin';
import { carryStudioRoundRobin } from './customers/team-assignment';
import { createAuditExportRouter } from './audit/routes';
import { todayWorkOf, type TodayWorkService } from './console/today-work';
import { leadNamesOf, type LeadNames } from './console/lead-names';
import type { AuditTrail } from './audit/trail';
import { createPressApi, PRESS_VIEWS_PER_ADDRESS } from './press/api';
import { PostgresPressViewGate } from './press/shared-views';
import { PressService } from './press/service';
import { ViewCounter } from './press/view-counter';
import { closeContentSources, createContentSources, databaseState } from './content/index';
import { leadsDatabaseFile } from './database/leads-file';
import type { ContentSource } from './content/types';
import type { ImageConfig } from '../sanity/image';
import { createImageHandler } from './images';
import { sanityWebhookRoute } from './sanity-webhook';
import { createLeadRouter, createLeadService, seedDemoVisitSlots, type LeadService } from './leads/index';
import { StartRefusedError, type ServerConfig } from './config';
import { cacheHeaders, NO_STORE, PUBLIC_PAGE_CACHE } from './http/cache-headers';
import { createHealthRouter, salesTablesRead } from './http/health';
import { watchEnabledTags, watchFrameOrigins } from './http/frame-origins';
import { contentSecurityPolicy, fixedSecurityHeaders, inlineHashes, securityHeaders } from './http/security-headers';
import { createPageHandlers } from './http/page-handler';
import { PageCache } from './http/page-cache';
import { pageAddresses } from './http/page-address';
import { renderLimit } from './http/render-limit';
import { VIEW_FLUSH_INTERVAL_MS } from './batched-counts';
import { PageViewStats } from './measurement/page-views';
import { PostgresPageViewGate } from './measurement/shared-page-views';
import { createMeasureRouter, createStatsExportRouter } from './measurement/routes';
import { campaignStatsOf, type CampaignStats } from './measurement/stats';
import { teamPerformanceOf, type TeamPerformance } from './console/team-performance';
import { createTeamPerformanceExportRouter } from './console/team-performance-routes';
import { AdSpendBook } from './measurement/ad-spend';
import { limitRequestBodies } from './http/body-limit';
import { apiFallback, guardPageRequests, pageMethods } from './http/methods';
import { createDiscoveryHandlers } from './discovery';
import { createPreview, previewContent } from './preview';
import type { PreviewMode } from '../shared/preview';
import { createLeadConsole, createLeadExportRouter } from './console/index';
import { leadSearchAddress, type LeadSearchAddress } from './console/search-address';
import { authDirectory, loadSessionSecret } from './auth/accounts';
import { startReleasingLeadsOfDisabledAccounts } from './console/disabled-assignees';
import { eraseCustomerOfLead, withdrawMarketingOfLead, type ErasureActor, type ErasureResult, type WithdrawalResult } from './console/customer-erasure';
import { memoryLimiters, postgresLimiters } from './http/rate-limit';
import { oncePerPeriod } from './postgres/daily-jobs';
import { AnnouncingContentSource, ContentChanges } from './postgres/content-changes';
import type { LeadConsole } from './console/types';
import { openMessages, type MessageDispatcher, type MessageLog } from './messages/index';
import { GroupMessages } from './messages/group-messages';
import { errorField, log, logUnhandledRejections } from './observability/log';
import { metrics, watchListeners } from './observability/metrics';
import { observeRequest, routeTemplates } from './observability/requests';

/** What every request's load context shares: the services routes reach the server through. */
export type AppServices = {
  content: ContentSource;
  imageConfig: ImageConfig;
  /** Admin sessions, sign-in and the write checks (server-only; routes use it via the context). */
  auth: StaffAuth;
  /** Press list pages, articles, view counting and the admin's posts. */
  press: PressService;
  /** Lead forms' data (token, consent notice, visit slots) for loaders. */
  leadForms: Pick<LeadService, 'formData'>;
  /** Who did what with personal data and accounts (append-only; admins read it at /admin/audit). */
  audit: AuditTrail;
  /** Staff accounts: the list, and an admin's changes (add, disable, enable, reset). */
  staff: StaffAccounts;
  /** The sales console's leads: list, lead page, changes, memos, visits, dashboard, export. */
  leadConsole: LeadConsole;
  /** The lead list's address (its links, its exports): a whole phone number searched for travels sealed. */
  leadSearch: LeadSearchAddress;
  /** Page views, visits and leads per campaign, landing page and day (the console's 사이트 방문 통계). */
  campaignStats: CampaignStats;
  /** 상담사별 실적 per staff member and day (the statistics page's table and its CSV; 팀장 and 관리자). */
  teamPerformance: TeamPerformance;
  /** Ad spend per campaign and month, entered on the statistics page (its costs per 등록 and 내방). */
  adSpend: AdSpendBook;
  /** Each lead's send log of 알림톡/SMS (the lead page shows it); today's messages to customers against the cap (every console page). */
  leadMessages: Pick<MessageLog, 'forCustomer'> & Pick<MessageDispatcher, 'customerQuota'>;
  /** A customer's data deleted on request (관리자, with a 사유): web/server/console/customer-erasure.ts. */
  customerErasure: {
    ofLead(request: { leadId: string; reason: string }, actor: ErasureActor): Promise<ErasureResult>;
    withdrawMarketing(leadId: string, actor: ErasureActor): Promise<WithdrawalResult>;
  };
  /** A 상담사's 오늘 할 일: calls due, the day's visits, new leads not yet called. */
  todayWork: TodayWorkService;
  /** Customers' masked names by lead id (the audit page's records). */
  leadNames: LeadNames;
  /** Group messages (단체 문자) a 팀장 or 관리자 sends to chosen customers: the preview and the send. */
  groupMessages: GroupMessages;
};

declare module 'react-router' {
  interface AppLoadContext extends AppServices {
    /** The client's address as Express sees it (set `trust proxy` behind a reverse proxy). */
    clientIp: string;
    /**
     * Set when the request is in preview (then `content` reads drafts): which backend's preview,
     * so the page shows the right way out (and, with Sanity, the visual-editing overlay).
     */
    preview: PreviewMode | null;
  }
}

export { errorHandler } from './http/errors';
export { startMetricsServer } from './observability/metrics-server';
export { log } from './observability/log';

/** What the process does with a rejection nothing handled: logged and counted, not fatal (server.js). */
export function watchProcess(): void {
  logUnhandledRejections(() => metrics.unhandledRejections.inc());
}
export { precompressedAssets } from './http/precompressed';
export { ConfigError, loadConfig, loadConfigOrExit, type ServerConfig } from './config';

export type App = {
  /** API routes and pages. */
  handler: express.Express;
  /**
   * Answers a fresh cached page for an anonymous visitor in one write (true), else leaves the
   * request to `handler` (false): server.js calls it before anything else.
   */
  answerFromCache: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Gives every request its id and logs and counts it when it ends: server.js calls it first. */
  observe: (req: IncomingMessage, res: ServerResponse) => void;
  /** The page cache (its renders are counted for /readyz and the bench). */
  pageCache: PageCache | undefined;
  /**
   * Security headers and the default Cache-Control, for every response: server.js mounts them
   * before its static files (not in `--dev`, whose Vite client injects inline scripts).
   */
  responseHeaders: RequestHandler[];
  loadContext: AppServices;
  /** Closes the stores so every acknowledged write is on disk before the process exits. */
  shutdown(): Promise<void>;
};

/** Request bodies: the press page's forms (21,200 characters, percent-encoded Korean: ≤ 190 KB) fit. */
const MAX_PAGE_BODY_BYTES = 256 * 1024;
/** The API's ceiling; its routes set smaller limits of their own (leads 16 KB). */
const MAX_API_BODY_BYTES = 1024 * 1024;

/** The press list and article pages, the only ones that show view counts. */
const PRESS_PAGE = /^\/[^/]+\/press(\/|$)/i;

/** Opens the stores, starts the background work and builds the Express app. */
export type AppOptions = {
  /**
   * Deferred hydration, hashed CSP and the page cache (default on). server.js turns it off in
   * `--dev`, where Vite injects scripts of its own and pages change with the code.
   */
  pagePipeline?: boolean;
};

export async function createApp(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  log.level = config.logLevel;
  // A database that is down at start is waited for in the background: pages are served meanwhile.
  const opened = await createContentSources(config, { seedEmbeddedSales: seedDemoVisitSlots, waitForDatabase: true });
  // With DATABASE_URL, content changes (the webhook's, and this instance's own writes) are told to every instance.
  const contentChanges =
    config.database && opened.database
      ? await ContentChanges.start(config.database.url, opened.database, (types) => opened.content.invalidate(types), { ownContent: opened.mode === 'embedded' }).catch(
          async (error: unknown) => {
            await closeContentSources(opened);
            throw error;
          },
        )
      : undefined;
  const sources = contentChanges ? { ...opened, content: new AnnouncingContentSource(opened.content, contentChanges) } : opened;
  if (sources.mode === 'sanity' && sources.leadsBackend === 'embedded') {
    // Content is shared through Sanity, but leads are not: a second instance would keep leads of its own.
    console.log(`[leads] 관심고객은 이 서버 디스크의 내장 데이터베이스(${leadsDatabaseFile(config.dataDir)})에 저장됩니다: 서버를 여러 대 두려면 DATABASE_URL을 설정하세요. Leads are stored in the embedded database on this instance's disk; set DATABASE_URL to run more than one instance.`);
  }
  const { staff, audit, close: closeStaffServices } = await openStaffServices(sources, config);
  // With DATABASE_URL, what instances must agree on (sign-outs, the sign-in throttle, rate limits,
  // the daily purges, content changes, which views count) is shared through PostgreSQL; otherwise
  // kept per process.
  const postgres = sources.database;
  const limiters = postgres ? postgresLimiters(postgres) : memoryLimiters;
  const dailyJobs = { gate: postgres && oncePerPeriod(postgres) };
  const dailyPurges = { ...dailyJobs, firstDelayMs: config.dailyPurgeFirstDelayMs };
  const auth = await StaffAuth.start({
    dataDir: config.dataDir,
    admin: config.admin,
    allowLocalAdmin: sources.mode === 'embedded',
    staff,
    audit,
    postgres,
  });
  const stopAuditPurge = startDailyAuditPurge(audit, config.auditRetentionDays, dailyPurges);
  if (contentChanges) watchListeners({ content: () => contentChanges.listening });
  const csp = {
    frameOrigins: await watchFrameOrigins(sources.content),
    tags: await watchEnabledTags(sources.content),
    imageOrigin: sources.imageConfig.baseUrl || undefined,
  };
  const responseHeaders = [securityHeaders({ production: config.production, ...csp }), cacheHeaders()];
  const viewCounter = new ViewCounter(sources.sales, { intervalMs: config.viewFlushIntervalMs });
  viewCounter.start();
  // Embedded: page through a cached id order (groq-js would scan and sort every article per page).
  const press = new PressService(sources.content, viewCounter, sources.mode === 'embedded' ? 'order-index' : 'cursor-query');

  // Page views are counted in the sales database beside the leads they are compared with, in batches as press views are.
  const pageViews = new PageViewStats(sources.sales, {
    intervalMs: config.viewFlushIntervalMs,
    combinationsPerAddress: config.pageViewCombinationsPerAddress,
    gate: postgres && ((combinationsPerAddress) => new PostgresPageViewGate(postgres, combinationsPerAddress)),
  });
  pageViews.start();

  const messages = openMessages(sources, config, dailyJobs, (email) => staff.mobileOf(email));
  // An older release's Studio switch of automatic assignment, until a 팀장 sets it on the console.
  await sources.content
    .fetch(`*[_type == "leadSettings" && _id == "leadSettings"][0].roundRobin`)
    .then((studioRoundRobin) => carryStudioRoundRobin(sources.sales, studioRoundRobin === true))
    .catch((error: unknown) => log.warn({ err: errorField(error) }, 'the Studio switch of automatic assignment not carried over this time'));
  const leadService = createLeadService(sources, config, {
    audit,
    limiters,
    notifiers: [messages.dispatcher],
    assignNewLead: roundRobinAssigner({ sales: sources.sales, staff }),
    messageLog: messages.log,
  });
  leadService.startOutboxDelivery();
  leadService.startDailyPurge(dailyPurges);

  const leadConsole = createLeadConsole(
    { sales: sources.sales, content: sources.content },
    { audit, staff },
  );

  const stopReleasingLeads = startReleasingLeadsOfDisabledAccounts(staff, leadConsole);
  // Sealed with the sessions' secret: every instance shares it, as it shares the sessions.
  const leadSearch = leadSearchAddress(await loadSessionSecret(config.admin, authDirectory(config.dataDir)));

  const loadContext: AppServices = {
    content: sources.content,
    imageConfig: sources.imageConfig,
    auth,
    press,
    leadForms: leadService,
    audit,
    staff,
    leadConsole,
    leadSearch,
    campaignStats: campaignStatsOf(sources),
    teamPerformance: teamPerformanceOf({ sales: sources.sales, staff, callResults: () => leadConsole.callResults() }),
    adSpend: new AdSpendBook({ sales: sources.sales, audit }),
    leadMessages: { forCustomer: (customerId) => messages.log.forCustomer(customerId), customerQuota: () => messages.dispatcher.customerQuota() },
    customerErasure: {
      ofLead: (request, actor) => eraseCustomerOfLead({ sales: sources.sales, messages: messages.log, outbox: leadService }, request, actor),
      withdrawMarketing: (leadId, actor) => withdrawMarketingOfLead({ sales: sources.sales }, leadId, actor),
    },
    todayWork: todayWorkOf(sources.sales),
    leadNames: leadNamesOf(sources.sales),
    groupMessages: new GroupMessages({
      sales: sources.sales,
      content: sources.content,
      ...config.groupMessages,
      // Sent at once rather than at the delivery loop's next round.
      onQueued: () => messages.dispatcher.notify(),
    }),
  };
  const preview = createPreview({ auth, sanity: config.sanity });
  const serverRoutes = async () => (await import('virtual:react-router/server-build')).routes;
  const pageCache =
    options.pagePipeline === false
      ? undefined
      : new PageCache({
          // What the Express chain adds to a page (securityHeaders, cacheHeaders): a hit answered before it carries the same.
          sharedHeaders: (status) => [...fixedSecurityHeaders(config.production), ['Cache-Control', status === 200 ? PUBLIC_PAGE_CACHE : NO_STORE]],
        });
  // A request in preview reads with the perspective it asked for; the press pages with drafts too
  // (paged by query: the order index is for visitors), drafts published from the published content.
  const previewContext = (req: express.Request) => {
    const content = previewContent(sources.content.drafts(preview.perspective(req)));
    const previewPress = new PressService(content, viewCounter, 'cursor-query', sources.content);
    return { ...loadContext, clientIp: req.ip ?? '', content, press: previewPress, preview: sources.mode };
  };
  const pages = createPageHandlers({
    build: () => import('virtual:react-router/server-build'),
    // In preview, loaders read drafts; every other request the published content.
    loadContext: (req) =>
      preview.isActive(req)
        ? previewContext(req)
        : { ...loadContext, clientIp: req.ip ?? '', preview: null },
    mode: config.production ? 'production' : 'development',
    pipeline: !pageCache
      ? undefined
      : {
            cache: pageCache,
            addresses: async () => pageAddresses(await serverRoutes()),
            // Outside production HSTS depends on the request (req.secure): only Express knows.
            answerBeforeExpress: config.production,
            // View counts are no content: a press page is rendered again at most once per flush interval for them.
            contentVersion: (path) =>
              PRESS_PAGE.test(path) ? `${sources.content.changeVersion()}:${Math.floor(Date.now() / (config.viewFlushIntervalMs ?? VIEW_FLUSH_INTERVAL_MS))}` : sources.content.changeVersion(),
            policy: (html) =>
              contentSecurityPolicy({ frameOrigins: csp.frameOrigins(), tags: csp.tags(), imageOrigin: csp.imageOrigin, inline: inlineHashes(html) }),
          },
    admitRender: renderLimit(config.pageRenderLimit, (req) => auth.session(req) !== null, limiters),
  });
  const templateOf = routeTemplates(await serverRoutes());
  const app = express();
  app.disable('x-powered-by');

  app.use(
    createHealthRouter({
      content: sources.content,
      leads: salesTablesRead(sources.sales),
      // The database's state follows the readiness check too: it is what monitoring polls.
      database:
        postgres &&
        (() =>
          postgres.query('SELECT 1').then(
            () => databaseState.back(),
            (error: unknown) => {
              databaseState.lost(error);
              throw error;
            },
          )),
      dataDir: config.dataDir,
      outboxBacklog: () => leadService.outboxBacklog(),
      pageCache,
    }),
  );

  // Request bodies: a size limit on every path, enforced as the bytes arrive.
  app.use(limitRequestBodies((req) => (req.path.startsWith('/api/') ? MAX_API_BODY_BYTES : MAX_PAGE_BODY_BYTES)));

  if (sources.mode === 'embedded') {
    app.get('/images/:projectId/:dataset/:file', createImageHandler({ store: sources.content, rootDir: process.cwd() }));
  }

  // Before anything checks a session: whether another instance signed it out.
  app.use((req, _res, next) => {
    auth.learnRevocation(req).then(() => next(), next);
  });
  // The session clock, before the renewal below: asking how long is left is no activity.
  app.use(createSessionRouter(auth));
  // A signed-in admin's page reads renew the session cookie (idle timeout). Writes do not: their
  // answers set or clear the cookie themselves (sign-in, logout).
  app.use((req, res, next) => {
    const renewal = req.method === 'GET' || req.method === 'HEAD' ? auth.renewal(req) : undefined;
    if (renewal) res.append('Set-Cookie', renewal);
    next();
  });
  // Preview: its routes, and no shared caching or indexing of a page in preview.
  app.use(preview.responseHeaders);
  app.use(preview.router);
  app.use('/api/press', createPressApi(press, postgres && new PostgresPressViewGate(postgres, PRESS_VIEWS_PER_ADDRESS)));
  app.use(createAuditExportRouter({ session: (req) => auth.session(req), audit }));

  app.post(
    '/api/sanity/webhook',
    ...sanityWebhookRoute({
      secret: config.sanityWebhookSecret,
      content: sources.content,
      announce: contentChanges && (() => contentChanges.announce()),
    }),
  );

  // Leads: POST /api/leads, GET /api/leads/form
  app.use(createLeadRouter({ service: leadService }));
  // GET /admin/leads/export.csv and .xlsx (an admin or a 팀장, with a 사유)
  app.use(createLeadExportRouter({ leadConsole, leadSearch, session: (req) => auth.session(req) }));
  // POST /api/measure (the page-view beacon) and GET /admin/stats.csv (an admin or a 팀장, with a 사유)
  app.use(createMeasureRouter({ pageViews }));
  app.use(createStatsExportRouter({ stats: loadContext.campaignStats, session: (req) => auth.session(req), audit }));
  // GET /admin/stats/team.csv (상담사별 실적: an admin or a 팀장, with a 사유)
  app.use(createTeamPerformanceExportRouter({ teamPerformance: loadContext.teamPerformance, session: (req) => auth.session(req), audit }));

  const discovery = createDiscoveryHandlers({ content: sources.content, routes: serverRoutes });
  app.get('/sitemap.xml', discovery.sitemap);
  app.get('/robots.txt', discovery.robots);

  // Methods: unknown ones 405 before React Router; a page POST only from this site's Origin,
  // checked before its body is read (React Router's own check would answer 400, after reading).
  app.use('/api', apiFallback);
  app.use(guardPageRequests({ methodsOf: pageMethods(serverRoutes, (slug) => press.isPressSite(slug)), isSameOrigin: (req) => auth.isSameOrigin(req) }));

  app.use(pages.render);

  return {
    handler: app,
    answerFromCache: pages.answerFromCache,
    observe: (req, res) => observeRequest(req, res, templateOf),
    pageCache,
    responseHeaders,
    loadContext,
    async shutdown() {
      // Counted views and page views are written before the stores close.
      await Promise.all([viewCounter.stop(), pageViews.stop()]);
      // Stops the outbox loop first: a delivery in progress still needs the leads store.
      await leadService.close();
      await messages.close();
      stopAuditPurge();
      stopReleasingLeads();
      await closeStaffServices();
      await contentChanges?.close();
      await closeContentSources(sources);
    },
  };
}

/** createApp for a process entry point: a refused start (StartRefusedError) prints its line and exits 1. */
export async function createAppOrExit(config: ServerConfig, options: AppOptions = {}): Promise<App> {
  try {
    return await createApp(config, options);
  } catch (error) {
    if (!(error instanceof StartRefusedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
