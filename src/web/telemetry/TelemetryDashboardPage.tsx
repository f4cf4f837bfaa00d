import type { TelemetryDashboard } from '../../shared/contracts/telemetry.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import { useResource } from '../data/resources.tsx';
import { operatorRequest } from '../discovery/requests.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../router/types.ts';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { BarChart } from './BarChart.tsx';
import styles from './admin.module.css';

const DAYS = 30;

export function dashboardRequest(): TypedRequest<'TelemetryDashboardResource'> {
  return { name: 'TelemetryDashboardResource', options: { days: DAYS } };
}

export function telemetryResources(): PageResource[] {
  // Operators only: for anyone else the gate answers 404, and so does the page.
  return [{ ...operatorRequest(), required: true }, dashboardRequest()];
}

export function telemetryHead(context: HeadContext): PageHead {
  if (!context.data(operatorRequest())) return unloadedHead(context);
  return { title: context.t('telemetryAdmin.title'), canonicalPath: null, noindex: true };
}

/** /admin/telemetry: the operators' charts, from aggregates kept with the viewers' consent. */
export function TelemetryDashboardPage() {
  const gate = useResource(operatorRequest());
  if (gate.status !== 'ready') return <PageStatus state={gate} />;
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation();
  const dashboard = useResource(dashboardRequest());
  return (
    <div className={styles.page} data-page="telemetry-admin">
      <h1 className={styles.heading}>{t('telemetryAdmin.heading')}</h1>
      <p className={styles.intro}>{t('telemetryAdmin.intro', { days: DAYS })}</p>
      {dashboard.status !== 'ready' ? <PageStatus state={dashboard} /> : <Charts data={dashboard.data} />}
    </div>
  );
}

function Charts({ data }: { data: TelemetryDashboard }) {
  const { t } = useTranslation();
  const total = t('telemetryAdmin.total');
  return (
    <>
      <div className={styles.charts}>
        <BarChart title={t('telemetryAdmin.membersActive')} points={data.members_active} totalLabel={total} />
        <BarChart title={t('telemetryAdmin.saves')} points={data.saves} totalLabel={total} />
        <BarChart title={t('telemetryAdmin.searches')} points={data.searches} totalLabel={total} />
        <BarChart title={t('telemetryAdmin.pageViews')} points={data.page_views} totalLabel={total} />
      </div>
      <h2 className={styles.subheading}>{t('telemetryAdmin.vitals')}</h2>
      {data.vitals.length === 0 ? (
        <p>{t('telemetryAdmin.noVitals')}</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={t('telemetryAdmin.vitals')} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('telemetryAdmin.metric')}</th>
                <th scope="col">{t('telemetryAdmin.page')}</th>
                <th scope="col">{t('telemetryAdmin.samples')}</th>
                <th scope="col">{t('telemetryAdmin.p75')}</th>
                <th scope="col">{t('telemetryAdmin.classes')}</th>
              </tr>
            </thead>
            <tbody>
              {data.vitals.map((row) => (
                <tr key={`${row.metric}-${row.page}`}>
                  <td>{t(`telemetryAdmin.metric.${row.metric}`)}</td>
                  <td>{row.page}</td>
                  <td>{row.samples}</td>
                  <td>{t('telemetryAdmin.ms', { ms: row.p75 })}</td>
                  <td>
                    {row.classes
                      ? t('telemetryAdmin.classCounts', { good: row.classes.good, needs: row.classes.needs_improvement, poor: row.classes.poor })
                      : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
