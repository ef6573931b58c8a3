/**
 * Opening the services: the stores, the background work and what every request's load context
 * shares (`AppServices`), with the one `shutdown` that closes them in order. Nothing here knows
 * HTTP; ./http-order.ts puts these services behind the request chain.
 */
import 'react-router';
import { StaffAuth } from '../auth/staff-auth';
import type { StaffAccounts } from '../auth/staff-accounts';
import { startDailyAuditPurge } from '../audit/index';
import { openStaffServices } from '../auth/staff-services';
import { roundRobinAssigner } from '../console/round-robin';
import { carryStudioRoundRobin } from '../customers/team-assignment';
import { todayWorkOf, type TodayWorkService } from '../console/today-work';
import { leadNamesOf, type LeadNames } from '../console/lead-names';
import type { AuditTrail } from '../audit/trail';
import { PressService } from '../press/service';
import { ViewCounter } from '../press/view-counter';
import { closeContentSources, createContentSources, type ContentSources } from '../content/index';
import { leadsDatabaseFile } from '../database/leads-file';
import type { ContentSource } from '../content/types';
import type { ImageConfig } from '../../sanity/image';
import { createLeadService, leadRequests, seedDemoVisitSlots, type LeadRequests, type LeadService } from '../leads/index';
import type { ServerConfig } from '../config';
import { memoryLimiters, postgresLimiters, type RequestLimiters } from '../http/rate-limit';
import { PageViewStats } from '../measurement/page-views';
import { PostgresPageViewGate } from '../measurement/shared-page-views';
import { campaignStatsOf, type CampaignStats } from '../measurement/stats';
import { teamPerformanceOf, type TeamPerformance } from '../console/team-performance';
import { AdSpendBook } from '../measurement/ad-spend';
import type { PreviewMode } from '../../shared/preview';
import type { Preview } from '../preview';
import { createLeadConsole } from '../console/index';
import { leadSearchAddress, type LeadSearchAddress } from '../console/search-address';
import { authDirectory, loadSessionSecret } from '../auth/accounts';
import { startReleasingLeadsOfDisabledAccounts } from '../console/disabled-assignees';
import { eraseCustomerOfLead, withdrawMarketingOfLead, type ErasureActor, type ErasureResult, type WithdrawalResult } from '../console/customer-erasure';
import { oncePerPeriod } from '../postgres/daily-jobs';
import { AnnouncingContentSource, ContentChanges } from '../postgres/content-changes';
import type { LeadConsole } from '../console/types';
import { openMessages, type MessageDispatcher, type MessageLog } from '../messages/index';
import { GroupMessages } from '../messages/group-messages';
import { errorField, log } from '../observability/log';
import { createDiscovery, type Discovery } from '../discovery';
import { consoleDownloads, type ConsoleDownloads } from './downloads';
import { createContentWebhook, type ContentWebhook } from '../content/webhook';
import { createPressApi, PRESS_VIEWS_PER_ADDRESS, type PressApi } from '../press/api';
import { PostgresPressViewGate } from '../press/shared-views';
import { watchListeners } from '../observability/metrics';

/** What every request's load context shares: the services routes reach the server through. */
export type AppServices = {
  content: ContentSource;
  imageConfig: ImageConfig;
  /** Admin sessions, sign-in and the write checks (server-only; routes use it via the context). */
  auth: StaffAuth;
  /** Press list pages, articles, view counting and the admin's posts. */
  press: PressService;
  /** The press JSON API (`/api/press…`): the list's pages, a reader's view, the Studio's view counts. */
  pressApi: PressApi;
  /** Lead forms' data (token, consent notice, visit slots) for loaders. */
  leadForms: Pick<LeadService, 'formData'>;
  /** The lead API (`POST /api/leads`, `GET /api/leads/form`): its resource routes' answers. */
  leadRequests: LeadRequests;
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
  /** What /sitemap.xml and /robots.txt say (published content, never a preview's drafts). */
  discovery: Discovery;
  /** The console's downloads (customers, audit trail, statistics) as they are made, each recorded. */
  downloads: ConsoleDownloads;
  /** Sanity's publish webhook (`POST /api/sanity/webhook`): a signed delivery purges the content cache on every instance. */
  contentWebhook: ContentWebhook;
};

declare module 'react-router' {
  interface AppLoadContext extends AppServices {
    /** The client's address as Express sees it (set `trust proxy` behind a reverse proxy). */
    clientIp: string;
    /** The request's id, as its log lines carry it. */
    requestId?: string;
    /**
     * Set when the request is in preview (then `content` reads drafts): which backend's preview,
     * so the page shows the right way out (and, with Sanity, the visual-editing overlay).
     */
    preview: PreviewMode | null;
    /** The preview's switches (`POST /admin/preview`; with Sanity, the Studio's enter and leave links). */
    previewSwitch: Pick<Preview, 'toggle' | 'enter' | 'leave'>;
  }
}

/** The services, and what only the HTTP edge uses besides them (its own endpoints, limits and caches). */
export type OpenServices = {
  services: AppServices;
  /** The content and sales stores as opened (with DATABASE_URL, content changes are announced to every instance). */
  sources: ContentSources;
  /** Content changes between instances (DATABASE_URL only): the webhook announces through it. */
  contentChanges: ContentChanges | undefined;
  /** Rate limits: in PostgreSQL with DATABASE_URL (every instance counts together), else in memory. */
  limiters: RequestLimiters;
  /** The lead service: the outbox backlog the readiness check reports. */
  leadService: LeadService;
  /** The page-view beacon's counts. */
  pageViews: PageViewStats;
  /** Press view counts (a preview's press pages count with it too). */
  viewCounter: ViewCounter;
  /** Closes the stores so every acknowledged write is on disk before the process exits. */
  shutdown(): Promise<void>;
};

/** Opens the stores, starts the background work and builds the load context's services. */
export async function openServices(config: ServerConfig): Promise<OpenServices> {
  log.level = config.logLevel;
  // A database that is down at start is waited for in the background: pages are served meanwhile.
  const opened = await createContentSources(config, { seedEmbeddedSales: seedDemoVisitSlots, waitForDatabase: true });
  // With DATABASE_URL, content changes (the webhook's, and this instance's own writes) are told to every instance.
  const contentChanges =
    config.database && opened.database
      ? await ContentChanges.start(config.database.url, opened.database, (types) => opened.content.invalidate(types), {
          ownContent: opened.mode === 'embedded',
        }).catch(async (error: unknown) => {
          await closeContentSources(opened);
          throw error;
        })
      : undefined;
  const sources = contentChanges ? { ...opened, content: new AnnouncingContentSource(opened.content, contentChanges) } : opened;
  if (sources.mode === 'sanity' && sources.leadsBackend === 'embedded') {
    // Content is shared through Sanity, but leads are not: a second instance would keep leads of its own.
    console.log(
      `[leads] 관심고객은 이 서버 디스크의 내장 데이터베이스(${leadsDatabaseFile(config.dataDir)})에 저장됩니다: 서버를 여러 대 두려면 DATABASE_URL을 설정하세요. Leads are stored in the embedded database on this instance's disk; set DATABASE_URL to run more than one instance.`,
    );
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

  const leadConsole = createLeadConsole({ sales: sources.sales, content: sources.content }, { audit, staff });

  const stopReleasingLeads = startReleasingLeadsOfDisabledAccounts(staff, leadConsole);
  // Sealed with the sessions' secret: every instance shares it, as it shares the sessions.
  const leadSearch = leadSearchAddress(await loadSessionSecret(config.admin, authDirectory(config.dataDir)));

  const campaignStats = campaignStatsOf(sources);
  const teamPerformance = teamPerformanceOf({ sales: sources.sales, staff, callResults: () => leadConsole.callResults() });
  const services: AppServices = {
    content: sources.content,
    imageConfig: sources.imageConfig,
    auth,
    press,
    pressApi: createPressApi(press, postgres && new PostgresPressViewGate(postgres, PRESS_VIEWS_PER_ADDRESS)),
    leadForms: leadService,
    leadRequests: leadRequests(leadService),
    audit,
    staff,
    leadConsole,
    leadSearch,
    campaignStats,
    teamPerformance,
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
    discovery: createDiscovery({ content: sources.content, routes: async () => (await import('virtual:react-router/server-build')).routes }),
    downloads: consoleDownloads({ leadConsole, leadSearch, audit, campaignStats, teamPerformance }),
    contentWebhook: createContentWebhook({
      secret: config.sanityWebhookSecret,
      content: sources.content,
      announce: contentChanges && (() => contentChanges.announce()),
    }),
  };

  return {
    services,
    sources,
    contentChanges,
    limiters,
    leadService,
    pageViews,
    viewCounter,
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
