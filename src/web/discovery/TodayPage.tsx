import { useId, useSyncExternalStore } from 'react';
import { htmlLang } from '../../shared/locale.ts';
import { TODAY_REGIONS, regionParts, type TodayRegion } from '../../shared/today-paths.ts';
import { useApp, useViewer } from '../app/context.ts';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus } from '../ui/PageStatus.tsx';
import { useRouter } from '../router/Router.tsx';
import type { HeadContext, PageHead, PageInput, PageProps, PageResource } from '../router/types.ts';
import { Card } from './Cards.tsx';
import { breadcrumb, coverPreview } from './discovery-seo.ts';
import { todayRequest } from './requests.ts';
import { kindLabelKey, pageRegion } from './today-region.ts';
import type { TodayData } from '../../shared/contracts/discovery.ts';
import styles from './discovery.module.css';

export function todayResources({ search, viewer }: PageInput): PageResource[] {
  return [{ ...todayRequest(pageRegion(search, viewer)), required: true }];
}

export function todayHead(context: HeadContext): PageHead {
  const today = context.data(todayRequest(pageRegion(context.search, context.viewer))) as TodayData | undefined;
  const heading = context.t('discovery.todayHeading');
  return {
    title: context.t('discovery.todayTitle'),
    canonicalPath: '/today/',
    preview: coverPreview(context.t('discovery.todayDescription'), today?.articles.find((a) => a.cover_pin)?.cover_pin, heading),
    structuredData: [breadcrumb([{ name: heading, path: '/today/' }], context.origin)],
  };
}

/** A day (YYYY-MM-DD, UTC) as the reader writes dates. */
function useDayLabel(day: string): string {
  const { bootstrap } = useApp();
  return new Intl.DateTimeFormat(htmlLang(bootstrap.locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** /today: the day's articles for the reader's region, as cards. */
export function TodayPage({ search }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const region = pageRegion(search, viewer);
  const today = useResource(todayRequest(region));
  if (today.status !== 'ready') return <PageStatus state={today} />;
  return (
    <div className={styles.page} data-page="today">
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <DayLabel day={today.data.day} />
        </p>
        <h1 className={styles.title}>{t('discovery.todayHeading')}</h1>
        <p className={styles.description}>{t('discovery.todayDescription')}</p>
        <RegionPicker region={region} />
      </header>
      {today.data.articles.length === 0 && <p className={styles.empty}>{t('discovery.todayEmpty')}</p>}
      <ul className={styles.todayCards} aria-label={t('discovery.todayLabel')}>
        {today.data.articles.map((article) => (
          <li key={article.id}>
            <Card href={article.url} cover={article.cover_pin}>
              <span className={styles.captionKind}>{t(kindLabelKey(article))}</span>
              <span className={styles.captionTitle}>{article.title}</span>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DayLabel({ day }: { day: string }) {
  return <time dateTime={day}>{useDayLabel(day)}</time>;
}

/** Nothing to subscribe to: the value differs only between the server (and hydration) and the browser. */
const noChanges = () => () => undefined;

/**
 * Which region's articles to read. Country and language names come from the browser's own
 * tables, whose wording can differ from the server's: the picker shows once hydrated, in a row
 * kept for it so nothing moves.
 */
function RegionPicker({ region }: { region: TodayRegion }) {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const { navigate } = useRouter();
  const id = useId();
  const shown = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const lang = htmlLang(bootstrap.locale);
  const label = (r: TodayRegion) => {
    const { language, country } = regionParts(r);
    return `${new Intl.DisplayNames([lang], { type: 'region' }).of(country) ?? country} (${new Intl.DisplayNames([lang], { type: 'language' }).of(language) ?? language})`;
  };
  return (
    <div className={styles.region}>
      {shown && (
        <span className={styles.regionLabel}>
          <label htmlFor={id}>{t('discovery.region')}</label>
          <select
            id={id}
            value={region}
            onChange={(event) => {
              navigate(`/today/?region=${event.target.value}`);
            }}
          >
            {TODAY_REGIONS.map((r) => (
              <option key={r} value={r}>
                {label(r)}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}
