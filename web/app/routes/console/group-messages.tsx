import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/group-messages';
import { leadFiltersToParams } from '../../../shared/lead-filters';
import { mayManageLeads } from '../../../shared/staff-roles';
import { GROUP_EXCLUSIONS, GROUP_PURPOSE_LABELS, type GroupAudience, type GroupSendResult } from '../../../shared/group-messages';
import { requireStaff, type StaffRequest } from '../../lib/require-staff';
import { ConsoleOutcome } from '../../components/console/ConsoleOutcome';
import { CONSOLE_HEADERS, LEAD_LIST_PATH, consoleMeta } from '../../components/console/console-page';
import { groupMessageText as text } from '../../components/console/group-message-text';
import '../../components/console/group-messages.css';

type Context = Route.LoaderArgs['context'];

/**
 * Whom the page is about, read from the address (or the confirmation's fields): ticked customers
 * (`audience=selection`, `lead`…), the lead list's filters (`audience=filter` and the list's own
 * address), or today's booked visitors (`audience=today`); with the fields that ask for it again.
 */
function audienceOf(params: URLSearchParams, context: Context): { audience: GroupAudience; fields: Array<[string, string]>; label: string } | null {
  const kind = params.get('audience');
  if (kind === 'selection') {
    const ids = [...new Set(params.getAll('lead').filter(Boolean))];
    if (ids.length === 0) return null;
    return {
      audience: { kind: 'selection', customerIds: ids },
      fields: [['audience', kind], ...ids.map((id): [string, string] => ['lead', id])],
      label: text.audience.selection(ids.length),
    };
  }
  if (kind === 'filter') {
    const { filters } = context.leadSearch.read(params);
    return {
      audience: { kind: 'filter', filters },
      fields: [['audience', kind], ...context.leadSearch.write(leadFiltersToParams(filters))],
      label: text.audience.filter,
    };
  }
  if (kind === 'today') return { audience: { kind: 'todayVisitors' }, fields: [['audience', kind]], label: text.audience.todayVisitors };
  return null;
}

/** 팀장 and 관리자 only: a 상담사 is answered 403 in Korean, on the page and on a post. */
function requireManager(asked: StaffRequest, context: Context) {
  const staff = requireStaff(asked, context);
  if (!mayManageLeads(staff.role)) throw data({ error: 'forbidden', message: text.forbidden }, { status: 403 });
  return { ...staff, ip: context.clientIp };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const actor = requireManager({ request, url }, context);
  const params = url.searchParams;
  const chosen = audienceOf(params, context);
  const [templates, quota] = await Promise.all([context.groupMessages.templates(), context.leadMessages.customerQuota()]);
  const templateId = params.get('template') || templates[0]?.id || null;
  const preview = chosen && templateId ? await context.groupMessages.preview(templateId, chosen.audience, actor) : null;
  return {
    fields: chosen?.fields ?? [],
    audienceLabel: chosen?.label ?? null,
    fromVisits: chosen?.audience.kind === 'todayVisitors',
    templates: templates.map(({ id, title, purpose }) => ({ id, title, purpose })),
    templateId,
    preview,
    quota,
    // A fresh key per rendered confirmation: pressing it twice, or posting the page again, sends once.
    requestKey: crypto.randomUUID(),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const actor = requireManager({ request, url }, context);
  const form = await request.formData().catch(() => null);
  const params = new URLSearchParams();
  for (const [name, value] of form ?? []) if (typeof value === 'string') params.append(name, value);
  const chosen = audienceOf(params, context);
  if (!chosen) return data<GroupSendResult>({ ok: false, error: 'noRecipients' }, { status: 400 });
  const result = await context.groupMessages.send(
    { templateId: params.get('template') ?? '', audience: chosen.audience, requestKey: params.get('requestKey') ?? '' },
    actor,
  );
  return data(result, { status: result.ok ? 200 : REFUSAL_STATUS[result.error] });
}

const REFUSAL_STATUS = { forbidden: 403, noTemplate: 400, tooMany: 400, noRecipients: 400, adNight: 409, badTemplate: 409 } as const;

function refusalText(result: Exclude<GroupSendResult, { ok: true }>): string {
  switch (result.error) {
    case 'forbidden':
      return text.forbidden;
    case 'tooMany':
      return text.tooMany(result.max);
    case 'adNight':
      return text.adNight;
    case 'badTemplate':
      return text.badTemplate(result.problems);
    case 'noRecipients':
      return text.noRecipients;
    default:
      return text.noTemplate;
  }
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta(): Route.MetaDescriptors {
  return consoleMeta(text.title);
}

function Hidden({ fields }: { fields: Array<[string, string]> }) {
  return fields.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />);
}

export default function GroupMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, audienceLabel, fromVisits, templates, templateId, preview, quota, requestKey } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const back = fromVisits ? { to: '/admin/visits', label: text.fromVisits } : { to: LEAD_LIST_PATH, label: text.fromLeads };
  const ready = preview?.ok ? preview : null;
  return (
    <div className="console-page group-messages">
      <h1 className="console-page__title">{text.title}</h1>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      {actionData ? (
        <ConsoleOutcome tone={actionData.ok ? 'success' : 'error'} answer={actionData}>
          {actionData.ok
            ? actionData.repeated
              ? text.repeated(actionData.queued)
              : text.sent(actionData.queued, actionData.excluded)
            : refusalText(actionData)}
        </ConsoleOutcome>
      ) : null}
      {!audienceLabel ? (
        <p role="alert">{text.noAudience}</p>
      ) : templates.length === 0 ? (
        <p role="alert">{text.noTemplates}</p>
      ) : (
        <>
          <section className="group-messages__section" aria-labelledby="group-audience">
            <h2 id="group-audience">{text.audienceHeading}</h2>
            <p>{audienceLabel}</p>
          </section>
          <section className="group-messages__section" aria-labelledby="group-template">
            <h2 id="group-template">{text.templateHeading}</h2>
            <Form method="get" className="group-messages__choose">
              <Hidden fields={fields} />
              <label htmlFor="group-template-choice">{text.templateLabel}</label>
              <select id="group-template-choice" name="template" defaultValue={templateId ?? undefined}>
                {templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {`${template.title} (${GROUP_PURPOSE_LABELS[template.purpose]})`}
                  </option>
                ))}
              </select>
              <button type="submit" className="button">
                {text.showTemplate}
              </button>
            </Form>
            {ready?.template.purpose === 'ad' ? <p className="group-messages__note">{text.adRules}</p> : null}
          </section>
          {preview && !preview.ok ? (
            <p className="group-messages__refusal" role="alert">
              {refusalText(preview)}
            </p>
          ) : null}
          {ready ? (
            <>
              <section className="group-messages__section" aria-labelledby="group-preview">
                <h2 id="group-preview">{text.previewHeading}</h2>
                {ready.sample ? (
                  <figure className="group-messages__sample">
                    <figcaption>{text.previewFor(ready.sample.name)}</figcaption>
                    <pre>{ready.sample.text}</pre>
                  </figure>
                ) : null}
              </section>
              <section className="group-messages__section" aria-labelledby="group-count">
                <h2 id="group-count">{text.countHeading}</h2>
                <p className="group-messages__count">{text.recipients(ready.recipients)}</p>
                <h3>{text.excludedHeading}</h3>
                {Object.keys(ready.excluded).length === 0 ? (
                  <p>{text.excludedNone}</p>
                ) : (
                  <ul>
                    {GROUP_EXCLUSIONS.filter((reason) => ready.excluded[reason]).map((reason) => (
                      <li key={reason}>{text.excluded(reason, ready.excluded[reason]!)}</li>
                    ))}
                  </ul>
                )}
              </section>
              <section className="group-messages__section" aria-labelledby="group-cost">
                <h2 id="group-cost">{text.costHeading}</h2>
                <p>{text.cost(ready.cost.channel, ready.cost.unitPrice, ready.recipients, ready.cost.total)}</p>
                {ready.cost.fallbackTotal !== null ? <p className="group-messages__note">{text.fallbackCost(ready.cost.fallbackTotal)}</p> : null}
                <p className="group-messages__note">{text.dailyCap(Math.max(0, quota.cap - quota.sent), quota.cap)}</p>
              </section>
              {ready.adNight ? (
                <p className="group-messages__refusal" role="alert">
                  {text.adNight}
                </p>
              ) : ready.recipients > 0 ? (
                <Form method="post" className="group-messages__confirm">
                  <Hidden fields={fields} />
                  <input type="hidden" name="template" value={ready.template.id} />
                  <input type="hidden" name="requestKey" value={requestKey} />
                  <p className="group-messages__note">{text.confirmNote}</p>
                  <button type="submit" className="button button--primary" disabled={sending}>
                    {text.confirm(ready.recipients)}
                  </button>
                </Form>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
