import { data, Form } from 'react-router';
import type { Route } from './+types/stats';
import { campaignKey, defaultStatsRange, parseStatsRange, STATS_EXPORT_PATH, STATS_TABLE_COLUMNS } from '../../../shared/campaign-stats';
import { parseTeamRange, TEAM_PERFORMANCE_EXPORT_PATH, TEAM_RANGE_PARAMS, teamPerformanceLabels } from '../../../shared/team-performance';
import { TeamPerformanceTable } from '../../components/console/TeamPerformanceTable';
import { AD_SPEND_MESSAGES, monthsOfRange } from '../../../shared/ad-spend';
import { mayEnterAdSpend, mayExport } from '../../../shared/staff-roles';
import { seoulDay } from '../../../shared/seoul-time';
import { ExportForm } from '../../components/console/ExportForm';
import { Field } from '../../components/form/Field';
import { StatsTable } from '../../components/console/CampaignStatsTables';
import { FunnelTable } from '../../components/console/FunnelTable';
import { AdSpendForm, adSpendText, type AdSpendOutcome } from '../../components/console/AdSpendForm';
import { consoleText } from '../../components/console/console-text';
import { CONSOLE_HEADERS, consoleMeta } from '../../components/console/console-page';
import { requireStaff } from '../../lib/require-staff';

const text = consoleText.stats;
const count = (value: number) => value.toLocaleString('ko-KR');

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context);
  const today = seoulDay(Date.now());
  const search = url.searchParams;
  const asked = parseStatsRange(search, today);
  // A range that is not one: said on the page, over the default range.
  const range = 'error' in asked ? defaultStatsRange(today) : asked;
  const spend = mayEnterAdSpend(staff.role)
    ? { entries: await context.adSpend.ofMonths(monthsOfRange(range)), campaigns: await context.leadConsole.campaigns(), month: range.to.slice(0, 7) }
    : null;
  // 상담사별 실적: the 팀장's and the admin's, over its own range (today by default).
  const teamAsked = parseTeamRange(search, today);
  const team = mayExport(staff.role)
    ? {
        error: 'error' in teamAsked ? teamAsked.error : null,
        report: await context.teamPerformance.read('error' in teamAsked ? { from: today, to: today } : teamAsked),
      }
    : null;
  return { error: 'error' in asked ? asked.error : null, report: await context.campaignStats.read(range), canExport: mayExport(staff.role), spend, team };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = requireStaff({ request, url }, context);
  const form = await request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  const actor = { ...staff, ip: context.clientIp };
  const entry = { campaign: field('campaign'), month: field('month') };
  const removing = field('intent') === 'remove';
  const result = removing ? await context.adSpend.remove(entry, actor) : await context.adSpend.set({ ...entry, amount: field('amount') }, actor);
  if (result.ok) {
    const said = removing ? adSpendText.removed : adSpendText.saved;
    return data<AdSpendOutcome>({ tone: 'success', message: said(campaignKey(entry.campaign), entry.month), saved: !removing });
  }
  const status = result.error === 'forbidden' ? 403 : result.error === 'notFound' ? 404 : 400;
  const atFault = result.error === 'campaign' || result.error === 'month' || result.error === 'amount' ? result.error : undefined;
  return data<AdSpendOutcome>({ tone: 'error', message: AD_SPEND_MESSAGES[result.error], field: atFault }, { status });
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(text.title);
}

export default function Stats({ loaderData, actionData }: Route.ComponentProps) {
  const { error, report, canExport, spend, team } = loaderData;
  const { from, to } = report.range;
  const teamRange = team?.report.range;
  const totals = { key: 'totals', label: `${from} ~ ${to}`, ...report.totals };
  return (
    <div className="console-page">
      <h1 className="console-page__title">{text.title}</h1>
      <p>{text.intro}</p>
      {error ? (
        <p className="console-alert console-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <h2>{text.rangeHeading}</h2>
      <Form method="get" className="console-filters stats-range">
        <Field id="stats-from" label={text.from} look="field">
          {(control) => <input {...control} type="date" name="from" defaultValue={from} required />}
        </Field>
        <Field id="stats-to" label={text.to} look="field">
          {(control) => <input {...control} type="date" name="to" defaultValue={to} required />}
        </Field>
        {/* The 상담사별 실적 range stays as it is. */}
        {teamRange ? <input type="hidden" name={TEAM_RANGE_PARAMS.from} value={teamRange.from} /> : null}
        {teamRange ? <input type="hidden" name={TEAM_RANGE_PARAMS.to} value={teamRange.to} /> : null}
        <button type="submit" className="button button--primary">
          {text.show}
        </button>
      </Form>
      {canExport ? (
        <ExportForm
          id="stats-export"
          params={new URLSearchParams({ from, to })}
          note={text.exportNote(from, to)}
          downloads={[{ path: STATS_EXPORT_PATH, label: text.exportCsv }]}
        />
      ) : null}
      {/* Always there, so that a new range's result is announced where focus stays (조회). */}
      <p className="stats-result" role="status">
        {report.days.length === 0
          ? `${from} ~ ${to}: ${text.empty}`
          : text.result(from, to, count(report.totals.visits), count(report.totals.registrations), count(report.totals.customers))}
      </p>
      <p>{text.conversionNote}</p>
      <StatsTable caption={text.totals} rows={[totals]} {...STATS_TABLE_COLUMNS.totals} />
      <StatsTable caption={text.campaigns} rows={report.campaigns} {...STATS_TABLE_COLUMNS.campaigns} />
      <FunnelTable rows={report.funnel} />
      {spend ? <AdSpendForm {...spend} outcome={actionData} /> : null}
      <StatsTable caption={text.landingPages} rows={report.landingPages} {...STATS_TABLE_COLUMNS.landingPages} />
      <StatsTable caption={text.referrers} rows={report.referrers} {...STATS_TABLE_COLUMNS.referrers} />
      <StatsTable caption={text.devices} rows={report.devices} {...STATS_TABLE_COLUMNS.devices} />
      <StatsTable caption={text.days} rows={report.days} {...STATS_TABLE_COLUMNS.days} />
      {team && teamRange ? (
        <section className="stats-section" aria-labelledby="team-performance-heading">
          <h2 id="team-performance-heading">{teamPerformanceLabels.heading}</h2>
          <p>{teamPerformanceLabels.intro}</p>
          {team.error ? (
            <p className="console-alert console-alert--error" role="alert">
              {team.error}
            </p>
          ) : null}
          <Form method="get" className="console-filters stats-range" aria-label={teamPerformanceLabels.heading}>
            {/* The other tables' range stays as it is. */}
            <input type="hidden" name="from" value={from} />
            <input type="hidden" name="to" value={to} />
            <Field id="team-from" label={teamPerformanceLabels.from} look="field">
              {(control) => <input {...control} type="date" name={TEAM_RANGE_PARAMS.from} defaultValue={teamRange.from} required />}
            </Field>
            <Field id="team-to" label={teamPerformanceLabels.to} look="field">
              {(control) => <input {...control} type="date" name={TEAM_RANGE_PARAMS.to} defaultValue={teamRange.to} required />}
            </Field>
            <button type="submit" className="button button--primary">
              {teamPerformanceLabels.show}
            </button>
          </Form>
          <TeamPerformanceTable report={team.report} />
          <ExportForm
            id="team-export"
            params={new URLSearchParams({ [TEAM_RANGE_PARAMS.from]: teamRange.from, [TEAM_RANGE_PARAMS.to]: teamRange.to })}
            note={teamPerformanceLabels.exportNote(teamRange.from, teamRange.to)}
            downloads={[{ path: TEAM_PERFORMANCE_EXPORT_PATH, label: teamPerformanceLabels.exportCsv }]}
          />
        </section>
      ) : null}
    </div>
  );
}
